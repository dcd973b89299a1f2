// Where the shop is served, for the links the operator CLI prints (an invitation): the shop's
// public address (SITE_URL), else Netlify's address of the site (URL), else the address `npm start`
// last said it serves on, kept in the data folder, since the CLI runs in another process and knows
// neither the port nor the host the server was started with.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The file in DATA_DIR where `npm start` keeps the address it serves on. */
export const SERVED_AT_FILE = 'served-at';

/** Keeps the address this server serves on for the CLI (a read-only folder keeps none). */
export function recordServedAt(dataDir: string, origin: string): void {
  try {
    writeFileSync(path.join(dataDir, SERVED_AT_FILE), `${new URL(origin).origin}\n`);
  } catch {
    // A folder that refuses the file: the CLI falls back to the port it is given.
  }
}

/** Forgets the address once the server has stopped. */
export function forgetServedAt(dataDir: string): void {
  rmSync(path.join(dataDir, SERVED_AT_FILE), { force: true });
}

/** The address `npm start` last recorded in `dataDir`, or null. */
export function readServedAt(dataDir: string): string | null {
  try {
    return new URL(readFileSync(path.join(dataDir, SERVED_AT_FILE), 'utf8').trim()).origin;
  } catch {
    return null;
  }
}

/** Where the shop is served, for a link the CLI prints (see the top of this file). */
export function shopAddress(
  config: { SITE_URL?: string | undefined; DATA_DIR: string; PORT: number },
  env: Record<string, string | undefined> = process.env,
): string {
  return (
    config.SITE_URL || env.URL || readServedAt(config.DATA_DIR) || `http://localhost:${config.PORT}`
  );
}
