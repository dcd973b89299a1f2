// The photo store as a local folder: `npm start`, the tests, and the committed demo photos.
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
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
      // A temporary name first, so a crash never leaves a half-written original behind its name.
      const partial = `${target}.${process.pid}.${Date.now()}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, target);
      return 'added';
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
      const names = await readdir(root).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      return names.filter((n) => PHOTO_NAME.test(n)).sort();
    },
  };
}
