// The photo store as a local folder: `npm start`, the tests, and the committed demo photos.
import { randomUUID } from 'node:crypto';
import { link, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertContentName, assertPhotoName, PHOTO_NAME, type PhotoStore } from './port.ts';

const isFile = (file: string) =>
  stat(file).then(
    (s) => s.isFile(),
    () => false,
  );

/** A photo store in `dir` (created on the first write). */
export function folderPhotoStore(dir: string): PhotoStore {
  const root = path.resolve(dir);
  return {
    where: `the folder ${root}`,
    async put(name, bytes) {
      assertContentName(name, bytes);
      const target = path.join(root, name);
      if (await isFile(target)) return 'kept';
      await mkdir(root, { recursive: true });
      // Written under a temporary name, then linked to its own: a crash never leaves a
      // half-written original behind its name, and of two writers at once (the same photo
      // imported twice) exactly one adds it, since link() refuses an existing name.
      const partial = `${target}.${randomUUID()}.partial`;
      try {
        await writeFile(partial, bytes);
        await link(partial, target);
        return 'added';
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EEXIST') return 'kept';
        // A file system without hard links (FAT, some network shares): rename, last one wins.
        if (code === 'EPERM' || code === 'ENOTSUP' || code === 'ENOSYS') {
          await rename(partial, target);
          return 'added';
        }
        throw error;
      } finally {
        await rm(partial, { force: true });
      }
    },
    async get(name) {
      assertPhotoName(name);
      return readFile(path.join(root, name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' || error.code === 'EISDIR') return null;
        throw error;
      });
    },
    async has(name) {
      assertPhotoName(name);
      return isFile(path.join(root, name));
    },
    async list() {
      const entries = await readdir(root, { withFileTypes: true }).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return [];
          throw error;
        },
      );
      return entries
        .filter((e) => e.isFile() && PHOTO_NAME.test(e.name))
        .map((e) => e.name)
        .sort();
    },
  };
}
