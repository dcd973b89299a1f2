// The local deploy of `npm start`. A publish's pages are built by `astro build`
// into .netlify/publish/next while the server keeps serving dist/; once the build is complete and
// carries the version asked, the two folders are swapped (two renames on one file system), and
// the old pages are deleted afterwards.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { setPriority } from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { LocalBuild } from '../src/server/catalogue/index.ts';

/** The version a built site folder carries (its catalogue-version.json), or null. */
export async function builtVersion(dir: string): Promise<number | null> {
  try {
    const { version } = JSON.parse(
      await readFile(path.join(dir, 'catalogue-version.json'), 'utf8'),
    ) as { version?: unknown };
    return typeof version === 'number' ? version : null;
  } catch {
    return null;
  }
}

/** The last line of a failed build's output that says something (its error), without colours. */
function reason(output: string): string {
  const lines = stripVTControlCharacters(output)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const error = lines.findLast((l) => /error|failed|missing|cannot/i.test(l));
  return (error ?? lines.at(-1) ?? 'astro build stopped without a message').slice(0, 300);
}

/**
 * The local build: `astro build` of one version into a folder beside dist/, then the swap. `root`
 * is the project folder; `command` is the build command (the tests give a stand-in); `dirs` puts
 * the served folder and the work folder elsewhere (the bench).
 */
export function astroRebuild(
  root: string,
  command: readonly string[] = [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build'],
  dirs: { dist?: string; work?: string } = {},
): LocalBuild {
  // The two folders must be on one file system (the swap is two renames): the bench puts both
  // in one temporary folder.
  const work = dirs.work ?? path.join(root, '.netlify', 'publish');
  const dist = dirs.dist ?? path.join(root, 'dist');
  return async (version) => {
    const next = path.join(work, 'next');
    await rm(next, { recursive: true, force: true });
    await mkdir(work, { recursive: true });
    const started = Date.now();
    const output = await new Promise<{ code: number; text: string }>((resolve) => {
      const child = spawn(process.execPath, [...command, '--outDir', next], {
        cwd: root,
        env: {
          ...process.env,
          CATALOGUE_VERSION: String(version),
          ASTRO_TELEMETRY_DISABLED: '1',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      // The shop keeps serving while it builds: the build runs at the lowest CPU priority.
      if (child.pid !== undefined)
        try {
          setPriority(child.pid, 19);
        } catch {
          // Not allowed here: the build runs at normal priority.
        }
      let text = '';
      const keep = (d: Buffer) => (text = (text + d.toString()).slice(-20_000));
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      child.on('error', (error) => resolve({ code: 1, text: `${text}\n${error.message}` }));
      child.on('exit', (code) => resolve({ code: code ?? 1, text }));
    });
    if (output.code !== 0) return { ok: false, message: reason(output.text) };
    const built = await builtVersion(next);
    if (built !== version)
      return { ok: false, message: `the pages carry version ${built} instead of ${version}` };
    const old = path.join(work, `old-${version}-${Date.now()}`);
    if (existsSync(dist)) await rename(dist, old);
    await rename(next, dist);
    console.log(
      `[publish] version ${version} built in ${((Date.now() - started) / 1000).toFixed(1)} s and live`,
    );
    void rm(old, { recursive: true, force: true });
    return { ok: true };
  };
}
