// Files at rest that hold customers, password hashes, sealed keys or bank details are readable by
// their owner only: folders 0700, files 0600. Modes given at creation are cut by the umask, never
// widened, so a folder or file that already exists is tightened explicitly.
import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';
import { chmod, mkdir, stat } from 'node:fs/promises';

/** A private folder's mode: read, write and enter for its owner only. */
export const PRIVATE_FOLDER_MODE = 0o700;
/** A private file's mode: read and write for its owner only. */
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Whether an existing folder may be tightened: this process's user owns it and it is not a shared
 * folder such as /tmp (sticky), which others need to enter.
 */
function mayTighten(info: { uid: number; mode: number }): boolean {
  const uid = process.getuid?.();
  return uid !== undefined && info.uid === uid && (info.mode & 0o1000) === 0;
}

/** Creates `dir` (and its parents) if needed and makes it 0700 when this user owns it. */
export function privateFolderSync(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  const info = statSync(dir);
  if ((info.mode & 0o077) !== 0 && mayTighten(info)) chmodSync(dir, PRIVATE_FOLDER_MODE);
}

/** As privateFolderSync, without blocking. */
export async function privateFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  const info = await stat(dir);
  if ((info.mode & 0o077) !== 0 && mayTighten(info)) await chmod(dir, PRIVATE_FOLDER_MODE);
}

/** Creates `file` empty if it is missing, 0600, and makes an existing one 0600. */
export function privateFileSync(file: string): void {
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, PRIVATE_FILE_MODE);
}

/** Makes `file` 0600 if it exists; a missing file is left missing. */
export function tightenFileSync(file: string): void {
  let mode: number;
  try {
    mode = statSync(file).mode;
  } catch {
    return;
  }
  if ((mode & 0o077) !== 0) chmodSync(file, PRIVATE_FILE_MODE);
}
