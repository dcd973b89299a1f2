// Bundles every Netlify Function the way a Netlify build does, offline, and unzips each bundle
// into its own read-only folder: the input of the production-parity test tier (tests/bundle).
//
//   node scripts/bundle-functions.ts            bundles (or reuses the cache) and prints sizes
//
// Fidelity, step by step:
// - Settings come from netlify.toml through @netlify/config (the reader Netlify's build uses), and
//   are handed to @netlify/zip-it-and-ship-it as @netlify/build does (packages/build/src/
//   plugins_core/functions/zisi.ts: snake_case → camelCase, node_bundler "esbuild" → "esbuild_zisi",
//   nodeVersion = the site's AWS_LAMBDA_JS_RUNTIME when set, else the build's Node: here
//   NODE_VERSION, as both name 24; it sets the manifest's runtimeVersion, nodejs24.x). Note that zip-it-and-ship-it bundles every
//   v2 function (`export default` + `config`) with NFT whatever node_bundler says (runtimes/node/
//   bundlers/index.js: "For V2 functions, we force the bundler to NFT"): esbuild inlines the local
//   imports and NFT puts the imported packages in the zip's node_modules.
// - NFT ignores files outside the project, and in an agent worktree node_modules is a symlink to
//   another checkout. So the build runs on a staged copy: the project files the functions import
//   (found with the bundler's own esbuild), the config files, and a real node_modules holding the
//   imported packages and their dependencies. On a fresh clone this changes nothing but the path.
// - Zips are extracted with node-stream-zip, then made read-only (chmod a-w), as /var/task is.
import { createHash } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveConfig } from '@netlify/config';
import {
  zipFunctions,
  type Config as ZisiConfig,
  type NodeBundlerName,
} from '@netlify/zip-it-and-ship-it';
import StreamZip from 'node-stream-zip';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A route as zip-it-and-ship-it writes it into the functions manifest. */
export interface Route {
  pattern: string;
  literal?: string;
  expression?: string;
  methods?: string[];
}

/** One bundled function, extracted. */
export interface BundledFunction {
  name: string;
  /** The .zip Netlify would upload, and its size in bytes. */
  zip: string;
  size: number;
  /** The read-only folder the zip was extracted into (the function's /var/task). */
  dir: string;
  /** The file the runtime loads: `___netlify-entry-point.mjs` for v2 functions. */
  entry: string;
  bundler: string;
  runtimeVersion: string;
  routes: Route[];
  excludedRoutes: Route[];
}

/** What a bundling run produced (or what the cache holds for these sources). */
export interface BundleSet {
  dir: string;
  functions: BundledFunction[];
  /** The Node version the functions were built for (netlify.toml's NODE_VERSION). */
  nodeVersion: string;
  /** netlify.toml's [functions] settings, as @netlify/config read them. */
  functionsConfig: Record<string, unknown>;
  /** Packages staged into node_modules for the bundler. */
  packages: string[];
  /** Staging and zip-it-and-ship-it, then extracting the zips (milliseconds, when this run built them). */
  bundleMs: number;
  unzipMs: number;
  cached: boolean;
}

type Graph = { files: string[]; packages: string[] };
type Settings = Awaited<ReturnType<typeof readNetlifyConfig>>;
type NetlifyFunctionsConfig = Record<
  string,
  {
    external_node_modules?: string[];
    included_files?: string[];
    ignored_node_modules?: string[];
    node_bundler?: string;
    schedule?: string;
  }
>;

/** netlify.toml as Netlify's build reads it (offline: no API, no site). */
async function readNetlifyConfig(root: string) {
  const { config } = await resolveConfig({
    cwd: root,
    repositoryRoot: root,
    offline: true,
    context: 'production',
    buffer: true,
  });
  return {
    functionsDir: config.functionsDirectory as string,
    functions: (config.functions ?? {}) as NetlifyFunctionsConfig,
    nodeVersion:
      (config.build?.environment?.NODE_VERSION as string | undefined) ?? process.versions.node,
  };
}

/** The zip-it-and-ship-it config @netlify/build derives from netlify.toml's [functions]. */
function zisiConfig(
  functions: NetlifyFunctionsConfig,
  basePath: string,
  nodeVersion: string,
): ZisiConfig {
  return Object.fromEntries(
    Object.entries(functions).map(([glob, c]) => [
      glob,
      {
        externalNodeModules: c.external_node_modules,
        includedFiles: c.included_files,
        includedFilesBasePath: basePath,
        ignoredNodeModules: c.ignored_node_modules,
        nodeVersion,
        schedule: c.schedule,
        nodeBundler: (c.node_bundler === 'esbuild' ? 'esbuild_zisi' : c.node_bundler) as
          NodeBundlerName | undefined,
      },
    ]),
  );
}

const isBuiltin = (spec: string) =>
  spec.startsWith('node:') || builtinModules.includes(spec.split('/')[0]!);
const packageName = (spec: string) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

/** The project files the functions import and the packages they import, per the bundler's esbuild. */
export async function importGraph(root: string, entries: string[]): Promise<Graph> {
  // zip-it-and-ship-it's own esbuild, so resolution matches the transform that builds the bundles.
  const zisiRequire = createRequire(
    createRequire(import.meta.url).resolve('@netlify/zip-it-and-ship-it'),
  );
  const esbuild = (await import(zisiRequire.resolve('esbuild'))) as typeof import('esbuild');
  const result = await esbuild.build({
    entryPoints: entries,
    absWorkingDir: root,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    write: false,
    metafile: true,
    outdir: 'out',
    logLevel: 'silent',
  });
  const packages = new Set<string>();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const imported of output.imports) {
      if (imported.external && !isBuiltin(imported.path)) packages.add(packageName(imported.path));
    }
  }
  return {
    files: Object.keys(result.metafile.inputs).map((f) => path.resolve(root, f)),
    packages: [...packages].sort(),
  };
}

/** A key over everything that decides the bundles' bytes: the files and packages the functions import, the settings, the tools. */
function sourceKey(root: string, graph: { files: string[]; packages: string[] }): string {
  const hash = createHash('sha256');
  const require = createRequire(import.meta.url);
  const files = [
    ...graph.files,
    ...['netlify.toml', 'package.json', 'package-lock.json', 'tsconfig.json'].map((f) =>
      path.join(root, f),
    ),
    fileURLToPath(import.meta.url),
    require.resolve('@netlify/zip-it-and-ship-it/package.json'),
  ];
  for (const file of files.filter((f) => existsSync(f)))
    hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.update(graph.packages.join(',')).update(process.version).digest('hex').slice(0, 16);
}

/** Top-level package folders needed for `names` and everything they depend on, Node-resolved. */
export function packageClosure(root: string, names: string[]): string[] {
  const topLevel = new Set<string>();
  const seen = new Set<string>();
  const queue = names.map((name) => ({ name, from: root }));
  while (queue.length > 0) {
    const { name, from } = queue.shift()!;
    let dir: string | undefined;
    for (let at = from; ; at = path.dirname(at)) {
      const candidate = path.join(at, 'node_modules', name);
      if (existsSync(path.join(candidate, 'package.json'))) {
        dir = candidate;
        break;
      }
      if (at === root || at === path.dirname(at)) break;
    }
    if (!dir || seen.has(dir)) continue; // an absent optional or peer dependency
    seen.add(dir);
    // A nested copy travels inside its parent's folder; only hoisted packages are copied by name.
    if (dir === path.join(root, 'node_modules', name)) topLevel.add(name);
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Record<
      string,
      Record<string, string> | undefined
    >;
    for (const field of ['dependencies', 'optionalDependencies', 'peerDependencies']) {
      for (const dep of Object.keys(pkg[field] ?? {})) queue.push({ name: dep, from: dir });
    }
  }
  return [...topLevel].sort();
}

/** Copies tsconfig.json and the chain it extends (esbuild reads it when transpiling .ts). */
function stageTsconfig(root: string, stage: string): void {
  let file = path.join(root, 'tsconfig.json');
  let dest = path.join(stage, 'tsconfig.json');
  while (existsSync(file)) {
    mkdirSync(path.dirname(dest), { recursive: true });
    cpSync(file, dest);
    // JSON with comments: the extends value is a plain string, so a regex reads it safely.
    const extended = /"extends"\s*:\s*"([^"]+)"/.exec(readFileSync(file, 'utf8'))?.[1];
    if (!extended) return;
    const spec = extended.endsWith('.json') ? extended : `${extended}.json`;
    if (extended.startsWith('.')) {
      file = path.resolve(path.dirname(file), spec);
      dest = path.resolve(path.dirname(dest), spec);
    } else {
      // A package's config, by its exports map (astro maps "./tsconfigs/*" to "*.json").
      file = createRequire(file).resolve(extended);
      dest = path.join(stage, 'node_modules', spec);
    }
  }
}

/** Extracts a zip into `dir` (node-stream-zip, the extractor @netlify/edge-bundler uses). */
async function unzip(zip: string, dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const archive = new StreamZip.async({ file: zip });
  try {
    await archive.extract(null, dir);
  } finally {
    await archive.close();
  }
}

/** Makes a tree read-only for everyone (and readable by the unprivileged user the tier runs as). */
function makeReadOnly(dir: string): void {
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (!entry.isSymbolicLink()) chmodSync(file, entry.isDirectory() ? 0o555 : 0o444);
  }
  chmodSync(dir, 0o555);
}

/** Makes a tree writable again so it can be deleted. */
function makeWritable(dir: string): void {
  if (!existsSync(dir)) return;
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isDirectory()) chmodSync(path.join(entry.parentPath, entry.name), 0o755);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, another user's
  }
}

/** The process holding a bundling lock, when it has written its id yet. */
function lockOwner(lock: string): number | undefined {
  try {
    const pid = Number(readFileSync(path.join(lock, 'pid'), 'utf8'));
    return pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

async function build(
  root: string,
  out: string,
  settings: Settings,
  graph: Graph,
): Promise<Omit<BundleSet, 'cached'>> {
  const started = performance.now();
  const stage = path.join(out, 'stage');
  for (const file of [
    ...graph.files,
    ...['package.json', 'netlify.toml'].map((f) => path.join(root, f)),
  ]) {
    const dest = path.join(stage, path.relative(root, file));
    mkdirSync(path.dirname(dest), { recursive: true });
    cpSync(file, dest);
  }
  stageTsconfig(root, stage);
  const packages = packageClosure(root, graph.packages);
  for (const name of packages) {
    cpSync(
      realpathSync(path.join(root, 'node_modules', name)),
      path.join(stage, 'node_modules', name),
      { recursive: true, dereference: true },
    );
  }
  const zips = path.join(out, 'zips');
  const stagedFunctions = path.join(stage, path.relative(root, settings.functionsDir));
  const results = await zipFunctions([stagedFunctions], zips, {
    basePath: stage,
    repositoryRoot: stage,
    config: zisiConfig(settings.functions, stage, settings.nodeVersion),
    manifest: path.join(zips, 'manifest.json'),
  });
  const zippedAt = performance.now();
  const functions = await Promise.all(
    results.map(async (result): Promise<BundledFunction> => {
      const dir = path.join(out, 'fn', result.name);
      await unzip(result.path, dir);
      makeReadOnly(dir);
      const r = result as typeof result & {
        routes?: Route[];
        excludedRoutes?: Route[];
        entryFilename?: string;
        bundler?: string;
        runtimeVersion?: string;
      };
      return {
        name: result.name,
        zip: result.path,
        size: result.size ?? statSync(result.path).size,
        dir,
        entry: path.join(dir, r.entryFilename ?? '___netlify-entry-point.mjs'),
        bundler: r.bundler ?? 'unknown',
        runtimeVersion: r.runtimeVersion ?? 'unknown',
        routes: r.routes ?? [],
        excludedRoutes: r.excludedRoutes ?? [],
      };
    }),
  );
  // The folder holding the bundles, whatever the umask made it (the host's user must enter it).
  if (functions.length > 0) chmodSync(path.join(out, 'fn'), 0o755);
  const unzipMs = Math.round(performance.now() - zippedAt);
  rmSync(stage, { recursive: true, force: true });
  functions.sort((a, b) => a.name.localeCompare(b.name));
  const bundleMs = Math.round(zippedAt - started);
  return {
    dir: out,
    functions,
    nodeVersion: settings.nodeVersion,
    functionsConfig: settings.functions,
    packages,
    bundleMs,
    unzipMs,
  };
}

/**
 * Bundles every function in the functions directory netlify.toml names, once per version of the
 * sources: the result is cached in the temp folder under a hash of everything that decides the
 * bundles, so parallel test files and repeated runs reuse it.
 */
export async function bundleFunctions(root = ROOT): Promise<BundleSet> {
  const settings = await readNetlifyConfig(root);
  const entries = readdirSync(settings.functionsDir)
    .filter((f) => /\.(mts|ts|mjs|js|cjs|cts)$/.test(f))
    .map((f) => path.join(settings.functionsDir, f));
  const graph = await importGraph(root, entries);
  // Keyed by content alone (sourceKey reads files by their path inside the project), so every
  // clone and worktree of the same sources on this machine shares one bundle set.
  const base = path.join(tmpdir(), 'bagshop-bundles');
  const target = path.join(base, sourceKey(root, graph));
  const resultFile = path.join(target, 'result.json');
  const lock = `${target}.lock`;
  try {
    mkdirSync(base, { recursive: true });
    chmodSync(base, 0o755);
  } catch (error) {
    throw new Error(
      `cannot use the temp folder for the bundles (${base}): ${(error as Error).message}. ` +
        'Point TMPDIR at a writable folder everyone can enter (such as /tmp).',
    );
  }
  // Waiting on another process's bundling has no short limit: a bundler that is alive is working,
  // and on a busy 2-core machine a cold bundle took over 180 s (a fixed 180 s failed the bundle tier
  // while two test runs and a build shared the machine). The callers' own limits (the bundle tier's
  // setup: 10 minutes) end a hung one first; this ends a wait nobody bounds.
  const deadline = Date.now() + 15 * 60_000;
  while (!existsSync(resultFile)) {
    try {
      mkdirSync(lock);
    } catch (error) {
      // Only a lock another process holds is worth waiting for; anything else (EACCES, ENOSPC)
      // would fail the same way every 250 ms until the deadline.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
        throw new Error(`cannot take the bundling lock ${lock}: ${(error as Error).message}`);
      // Another process bundles these sources: wait for its result. A lock whose process has
      // died is taken over at once (a lock older than 5 min without a process id is stale).
      const owner = lockOwner(lock);
      const since = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (owner === undefined ? since > 300_000 : !isAlive(owner)) {
        rmSync(lock, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline)
        throw new Error(
          `timed out after 15 min waiting for process ${owner ?? '?'} to bundle (${lock})`,
        );
      await new Promise((resolve) => setTimeout(resolve, 250));
      continue;
    }
    try {
      writeFileSync(path.join(lock, 'pid'), String(process.pid));
      if (existsSync(resultFile)) break;
      const work = `${target}.tmp-${process.pid}`;
      makeWritable(work);
      rmSync(work, { recursive: true, force: true });
      mkdirSync(work, { recursive: true });
      chmodSync(work, 0o755);
      const built = await build(root, work, settings, graph);
      const relocated = JSON.parse(
        JSON.stringify(built).replaceAll(
          JSON.stringify(work).slice(1, -1),
          JSON.stringify(target).slice(1, -1),
        ),
      ) as typeof built;
      writeFileSync(path.join(work, 'result.json'), JSON.stringify(relocated, null, 2));
      renameSync(work, target);
      // Keep the six most recently used bundle sets, and any used in the last hour (another
      // checkout's tests may be reading it); older ones, and leftovers of dead runs, are dead
      // weight.
      const sets = readdirSync(base)
        .filter((name) => /^[0-9a-f]{16}$/.test(name))
        .map((name) => ({
          dir: path.join(base, name),
          at: statSync(path.join(base, name)).mtimeMs,
        }))
        .sort((a, b) => b.at - a.at)
        .filter((set, i) => i >= 6 && Date.now() - set.at > 3_600_000);
      const leftovers = readdirSync(base)
        .filter(
          (name) => /\.tmp-(\d+)$/.test(name) && !isAlive(Number(/\.tmp-(\d+)$/.exec(name)![1])),
        )
        .map((name) => ({ dir: path.join(base, name), at: 0 }));
      for (const old of [...sets, ...leftovers]) {
        makeWritable(old.dir);
        rmSync(old.dir, { recursive: true, force: true });
      }
      return { ...relocated, cached: false };
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  utimesSync(target, new Date(), new Date()); // most recently used, for the pruning above
  return {
    ...(JSON.parse(readFileSync(resultFile, 'utf8')) as Omit<BundleSet, 'cached'>),
    cached: true,
  };
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const set = await bundleFunctions();
  console.log(
    `${set.functions.length} functions ${set.cached ? 'from the cache' : `bundled in ${set.bundleMs} ms, unzipped in ${set.unzipMs} ms`} (Node ${set.nodeVersion}) in ${set.dir}`,
  );
  for (const f of set.functions) {
    console.log(
      `  ${f.name.padEnd(20)} ${(f.size / 1024).toFixed(0).padStart(6)} KB  ${f.bundler}  ${f.runtimeVersion}  ${f.routes.map((r) => r.pattern).join(' ')}`,
    );
  }
}
