// The deploy of a publish under `npm start`, where no build hook is set: the
// local server rebuilds the static pages of the newest published version elsewhere and swaps them
// in when the build is complete (scripts/local-deploy.ts), so the old pages are served until then.
// One build at a time per server: a publish during a build is built right after it; a failed
// build marks its version failed and the version live before it stays live (pages and prices).
import { PUBLISH_MESSAGES } from '../../lib/publish.ts';
import type { Store } from '../store/port.ts';
import { forgetProductList } from './catalogue.ts';

/** Builds the pages of one version and makes them the ones served; ok, or why not. */
export type LocalBuild = (
  version: number,
) => Promise<{ ok: true } | { ok: false; message: string }>;

let build: LocalBuild | null = null;
let running: Promise<void> | null = null;
let again = false;

/** Makes this process rebuild locally on publish (scripts/start.mjs), or stop (null). */
export function useLocalDeploy(builder: LocalBuild | null): void {
  build = builder;
}

/** Whether this process rebuilds the pages on publish. */
export function localDeployActive(): boolean {
  return build !== null;
}

/** Whether a local build is running now. */
export function localBuildRunning(): boolean {
  return running !== null;
}

/**
 * Builds the newest published version if its deploy is pending, and again after that while
 * newer publishes arrive; answers when the builds are done. Called during a build, it only asks
 * for one more round: never two builds at once.
 */
export function deployLocally(store: Store): Promise<void> {
  const builder = build;
  if (!builder) return Promise.resolve();
  if (running) {
    again = true;
    return running;
  }
  running = rounds(store, builder).finally(() => {
    running = null;
  });
  return running;
}

async function rounds(store: Store, builder: LocalBuild): Promise<void> {
  do {
    again = false;
    const latest = await store.catalogueVersions.latest();
    if (!latest || (latest.state !== 'queued' && latest.state !== 'building')) continue;
    const started = await store.catalogueVersions.setState(
      latest.number,
      { state: 'building', at: new Date().toISOString(), message: null },
      ['queued', 'building'],
    );
    if (!started) continue;
    let result: Awaited<ReturnType<LocalBuild>>;
    try {
      result = await builder(latest.number);
    } catch (error) {
      result = { ok: false, message: String((error as Error)?.message ?? error) };
    }
    const at = new Date().toISOString();
    if (result.ok) {
      await store.catalogueVersions.markLive(latest.number, at);
      forgetProductList();
    } else {
      console.error(`[publish] version ${latest.number}: ${result.message}`);
      await store.catalogueVersions.setState(
        latest.number,
        { state: 'failed', at, message: PUBLISH_MESSAGES.buildFailed(result.message) },
        ['building', 'superseded'],
      );
    }
  } while (again);
}

/**
 * At server start, once the pages in dist/ are those of version `built` (its catalogue-version.json;
 * null when the pages carry none): that version is live. A store with no version at all (a fresh
 * DATA_DIR serving pages built before) publishes its draft as version 1 and takes it as live:
 * the pages were built from the same seeded catalogue.
 */
export async function adoptBuiltVersion(store: Store, built: number | null): Promise<void> {
  const at = new Date().toISOString();
  const latest = await store.catalogueVersions.latest();
  if (!latest) {
    const products = await store.products.list();
    if (products.length === 0) return;
    const first = await store.catalogueVersions.publish(
      { publishedAt: at, by: null, products, state: 'building' },
      () => products.length,
    );
    await store.catalogueVersions.markLive(first.number, at);
    return;
  }
  if (built !== null && (await store.catalogueVersions.get(built)))
    await store.catalogueVersions.markLive(built, at);
}
