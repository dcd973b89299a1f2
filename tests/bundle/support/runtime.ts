// What the bundle tier's processes run from: a world-readable copy, in the temp folder, of exactly
// the files they need. When the tests run as root the processes run as an unprivileged user
// (Lambda never runs as root, and root ignores file modes), and that user may not be able to enter
// the checkout at all: a clone in /root (mode 0700) is out of its reach. So the pinned Node binary,
// the host and preload scripts, the Mongo double and every project file and package they import
// are copied (the binary hard-linked when it can be) into <temp>/bagshop-runtime/<checkout>/<key>,
// keyed by a hash of what decides them, shared by every test file and reused across runs. The
// bundles are already in the temp folder (scripts/bundle-functions.ts). One layout everywhere: the
// copy is used whoever runs the tests, so a file the copy lacks fails for everyone, not only root.
import { createHash, randomUUID } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  constants as fsConstants,
  cpSync,
  linkSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  type Stats,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { importGraph, packageClosure } from '../../../scripts/bundle-functions.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The pinned Node (package.json devDependency `node`, the version netlify.toml's NODE_VERSION names). */
export const PINNED_NODE = realpathSync(path.join(ROOT, 'node_modules/.bin/node'));
/** What the processes are started with, relative to the checkout (and to the copy). */
const HOST = 'tests/bundle/support/lambda-host.ts';
const PRELOAD = 'tests/bundle/support/preload.ts';
/** TEST DOUBLE of the MongoDB driver, the only module a bundle gets in place of its own. */
const MONGO_DOUBLE = 'tests/fixtures/mongo-double.ts';
/** Copies kept per checkout (the newest; switching branches back and forth reuses them). */
const KEEP = 2;

/** The user the processes run as when the tests run as root ("nobody"); undefined otherwise. */
export function unprivilegedUser(): { uid: number; gid: number } | undefined {
  return process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : undefined;
}

/** A prepared copy: absolute paths of what a process is started with. */
export interface Runtime {
  dir: string;
  node: string;
  host: string;
  preload: string;
  /** File URL of the Mongo double, as the preload and the host import it. */
  mongoDouble: string;
  /** Whether this call found the copy already made. */
  cached: boolean;
  ms: number;
}

/** Whether `user` may search (enter) a folder with this stat, by its mode bits. */
function canEnter(stat: Stats, user: { uid: number; gid: number }): boolean {
  const shift = stat.uid === user.uid ? 6 : stat.gid === user.gid ? 3 : 0;
  return ((stat.mode >> shift) & 0o1) === 0o1;
}

/**
 * Why `user` cannot reach `target` (every folder from / down to it must be enterable), or
 * undefined when it can. A file mode check, so it answers at once instead of a spawn failing.
 */
export function unreachable(
  target: string,
  user: { uid: number; gid: number },
): string | undefined {
  const chain: string[] = [];
  for (let at = path.resolve(target); ; at = path.dirname(at)) {
    chain.unshift(at);
    if (at === path.dirname(at)) break;
  }
  for (const dir of chain) {
    let stat: Stats | undefined;
    try {
      stat = statSync(dir, { throwIfNoEntry: false });
    } catch (error) {
      return String((error as Error).message);
    }
    if (!stat) return `${dir} does not exist`;
    if (stat.isDirectory() && !canEnter(stat, user))
      return `${dir} (mode ${(stat.mode & 0o7777).toString(8).padStart(4, '0')}, owner ${stat.uid}:${stat.gid}) cannot be entered by uid ${user.uid}`;
  }
  return undefined;
}

/** A key over everything that decides the copy: the files, the packages, the binary, this file. */
function runtimeKey(files: string[], packages: string[], node: Stats): string {
  const hash = createHash('sha256');
  for (const file of [...files, path.join(ROOT, 'package.json'), fileURLToPath(import.meta.url)])
    hash.update(path.relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  for (const name of packages) {
    const dir = realpathSync(path.join(ROOT, 'node_modules', name));
    hash.update(`${name}\0${dir}\0`).update(readFileSync(path.join(dir, 'package.json')));
  }
  // The binary by identity rather than its 120 MB of bytes: reinstalling it changes all three.
  hash.update(`${PINNED_NODE}\0${node.size}\0${node.mtimeMs}\0${node.ino}`);
  return hash.digest('hex').slice(0, 16);
}

/** Folders 0755 and files 0644 (executables 0755): readable by everyone, writable by the owner. */
function makeWorldReadable(dir: string, except: string): void {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (file === except || entry.isSymbolicLink()) continue;
    const mode = statSync(file).mode;
    chmodSync(file, entry.isDirectory() || mode & 0o111 ? 0o755 : 0o644);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Places the pinned binary at `dest`: a hard link when it is world-executable already, else a copy. */
function placeNode(dest: string, node: Stats): void {
  if ((node.mode & 0o005) === 0o005) {
    try {
      linkSync(PINNED_NODE, dest);
      return;
    } catch {
      // Another file system, or hard links refused (fs.protected_hardlinks): copy instead.
    }
  }
  copyFileSync(PINNED_NODE, dest, fsConstants.COPYFILE_FICLONE);
  chmodSync(dest, 0o755);
}

/** Makes the copy in `work` (a fresh folder). */
function build(work: string, files: string[], packages: string[], node: Stats): void {
  for (const file of [...files, path.join(ROOT, 'package.json')]) {
    const dest = path.join(work, path.relative(ROOT, file));
    mkdirSync(path.dirname(dest), { recursive: true });
    cpSync(file, dest);
  }
  for (const name of packages) {
    cpSync(
      realpathSync(path.join(ROOT, 'node_modules', name)),
      path.join(work, 'node_modules', name),
      { recursive: true, dereference: true },
    );
  }
  mkdirSync(path.join(work, 'bin'));
  const binary = path.join(work, 'bin', 'node');
  placeNode(binary, node);
  makeWorldReadable(work, binary);
}

/** Removes older copies of this checkout (beyond the newest KEEP) and leftovers of dead runs. */
function prune(base: string): void {
  const names = readdirSync(base);
  const copies = names
    .filter((name) => /^[0-9a-f]{16}$/.test(name))
    .map((name) => ({ name, at: statSync(path.join(base, name)).mtimeMs }))
    .sort((a, b) => b.at - a.at)
    .slice(KEEP)
    .map((c) => c.name);
  const leftovers = names.filter((name) => {
    const pid = /\.tmp-(\d+)-/.exec(name)?.[1];
    return pid !== undefined && !isAlive(Number(pid));
  });
  for (const name of [...copies, ...leftovers])
    rmSync(path.join(base, name), { recursive: true, force: true });
}

/**
 * Makes (or finds) the world-readable copy the processes run from, under `tmp` (the OS temp folder
 * unless given). Fails at once, saying why, when the copy cannot be made or, when the tests run as
 * root, when the unprivileged user could not reach it.
 */
export async function prepareRuntime(tmp = tmpdir()): Promise<Runtime> {
  const started = performance.now();
  const base = path.join(
    tmp,
    'bagshop-runtime',
    createHash('sha256').update(realpathSync(ROOT)).digest('hex').slice(0, 8),
  );
  const fail = (why: string) =>
    new Error(
      `cannot prepare a world-readable runtime for the bundle tier in ${base}: ${why}. ` +
        'Point TMPDIR at a folder everyone can enter (such as /tmp) and run the tests again.',
    );
  const user = unprivilegedUser();
  // Checked first, so an unusable temp folder costs no copying.
  const outside = user && unreachable(tmp, user);
  if (outside) throw fail(outside);
  const graph = await importGraph(ROOT, [HOST, PRELOAD, MONGO_DOUBLE]);
  const packages = packageClosure(ROOT, graph.packages);
  const node = statSync(PINNED_NODE);
  const target = path.join(base, runtimeKey(graph.files, packages, node));
  let cached = true;
  try {
    mkdirSync(base, { recursive: true });
    for (const dir of [path.dirname(base), base]) {
      // Another user's folder keeps its mode; unreachable() below says whether that is enough.
      if (statSync(dir).uid === process.getuid?.()) chmodSync(dir, 0o755);
    }
    if (!statSync(target, { throwIfNoEntry: false })?.isDirectory()) {
      cached = false;
      // Made aside and renamed into place, so a folder under its final name is always complete;
      // two test files making it at once both finish, and the second rename finds the first's.
      const work = `${target}.tmp-${process.pid}-${randomUUID().slice(0, 8)}`;
      try {
        mkdirSync(work);
        build(work, graph.files, packages, node);
        try {
          renameSync(work, target);
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
        }
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
      prune(base);
    } else {
      utimesSync(target, new Date(), new Date()); // most recently used, for prune()
    }
  } catch (error) {
    throw fail(String((error as Error).message ?? error));
  }
  const blocked = user && unreachable(target, user);
  if (blocked) throw fail(blocked);
  return {
    dir: target,
    node: path.join(target, 'bin', 'node'),
    host: path.join(target, HOST),
    preload: path.join(target, PRELOAD),
    mongoDouble: pathToFileURL(path.join(target, MONGO_DOUBLE)).href,
    cached,
    ms: Math.round(performance.now() - started),
  };
}

let shared: Promise<Runtime> | undefined;

/** The runtime of this test process, prepared once (a failure is kept: every start fails alike). */
export function runtime(): Promise<Runtime> {
  shared ??= prepareRuntime();
  return shared;
}
