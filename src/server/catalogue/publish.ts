// Publish records the draft's products on sale as the next catalogue version
// (audited) and starts its deploy: Netlify's build hook when BUILD_HOOK_URL is set, else a local
// rebuild when this process serves the pages (npm start), else nothing until the next build. The
// desk's progress call confirms a hook deploy live by reading /catalogue-version.json from the
// live site: the version the served pages were built from.
import type { DeskCatalogue, DeskVersion } from '../../lib/contract/desk-publish.ts';
import type { Product } from '../../lib/product.ts';
import { createHash } from 'node:crypto';
import { changedProducts, fingerprint } from '../../lib/catalogue-version.ts';
import { productChanges } from '../../lib/product-changes.ts';
import { PUBLISH_MESSAGES, PUBLISH_REVIEW_LIMITS } from '../../lib/publish.ts';
import type { Deps } from '../deps.ts';
import { conflict, invalid } from '../errors.ts';
import type { CatalogueVersion, StaffRecord, Store } from '../store/port.ts';
import { forgetProductList } from './catalogue.ts';
import { deployLocally, localDeployActive } from './local-deploy.ts';
import { versionProducts } from './published.ts';
import { CLI_ACTOR, actorOf, audit } from '../operations/index.ts';

type Actor = Pick<StaffRecord, 'id' | 'email'>;
type Fetch = typeof fetch;

/** How a publish reaches the site here. */
export type DeployMode = DeskCatalogue['deploy'];

/** How long the build hook may take to answer. */
export const HOOK_TIMEOUT_MS = 10_000;
/** How long a hook deploy may stay unconfirmed before the desk is told it failed. */
export const DEPLOY_GIVE_UP_MS = 15 * 60_000;

/** The deploy this process starts on publish. */
export function deployMode(deps: Deps): DeployMode {
  if (deps.config.BUILD_HOOK_URL) return 'hook';
  return localDeployActive() ? 'local' : 'none';
}

/** The build hook address with Netlify's trigger_title naming the version, or null when malformed. */
export function hookAddress(raw: string, version: number): URL | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
  if (url.protocol !== 'https:' && !(local && url.protocol === 'http:')) return null;
  url.searchParams.set('trigger_title', `Publish catalogue version ${version}`);
  return url;
}

/** POSTs the build hook; null when Netlify took it, else the reason shown to the owner. */
export async function callBuildHook(
  raw: string,
  version: number,
  fetcher: Fetch = fetch,
): Promise<string | null> {
  const url = hookAddress(raw, version);
  if (!url) return PUBLISH_MESSAGES.badHookUrl;
  try {
    const answer = await fetcher(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
      signal: AbortSignal.timeout(HOOK_TIMEOUT_MS),
    });
    if (answer.ok) return null;
    return PUBLISH_MESSAGES.hookAnswered(answer.status, answer.statusText);
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return PUBLISH_MESSAGES.hookUnreachable(
      cause?.code ?? cause?.message ?? String((error as Error).message ?? error),
    );
  }
}

/** A key of a draft's products (their ids and published fields, stock aside), in any order. */
export function draftKey(products: readonly Product[]): string {
  const hash = createHash('sha256');
  for (const line of products.map((p) => `${p._id}\n${fingerprint(p)}`).sort())
    hash.update(line).update('\0');
  return hash.digest('base64url').slice(0, 32);
}

/**
 * Publishes the draft: records the next version of the products on sale, audits it (who, when,
 * the version, how many products changed against the version before) and starts its deploy.
 * Answers the version as its deploy now stands (building, failed with the hook's reason, or
 * queued for a local or later build).
 */
export async function publishCatalogue(
  deps: Deps,
  actor: Actor | null,
  fetcher: Fetch = fetch,
  reviewed?: string,
): Promise<CatalogueVersion> {
  const { store } = deps;
  const products = await store.products.list();
  if (products.length === 0) throw invalid(PUBLISH_MESSAGES.nothingToPublish);
  // The products published are the ones the member reviewed, or nothing is.
  if (reviewed !== undefined && reviewed !== draftKey(products))
    throw conflict(PUBLISH_MESSAGES.draftChanged);
  const before = await store.catalogueVersions.latest();
  const version = await store.catalogueVersions.publish(
    {
      publishedAt: new Date().toISOString(),
      by: actor ? actorOf(actor) : null,
      products,
      state: 'queued',
    },
    (previous) => changedProducts(previous, products),
  );
  await audit(
    store,
    actor ?? CLI_ACTOR,
    'catalogue.publish',
    `catalogue:${version.number}`,
    { version: before?.number ?? null },
    { version: version.number, products: version.products, changed: version.changed },
  );
  const mode = deployMode(deps);
  if (mode === 'local') {
    deployLocally(store).catch((error) => console.error(`[publish] ${String(error)}`));
    return version;
  }
  if (mode === 'none') return version;
  const failure = await callBuildHook(deps.config.BUILD_HOOK_URL!, version.number, fetcher);
  const moved = await store.catalogueVersions.setState(
    version.number,
    failure === null
      ? { state: 'building', at: new Date().toISOString(), message: null }
      : { state: 'failed', at: new Date().toISOString(), message: failure },
    ['queued'],
  );
  return moved ?? ((await store.catalogueVersions.get(version.number)) as CatalogueVersion);
}

/** Where the live site answers: Netlify's URL, else SITE_URL, else this local server. */
function siteAddress(deps: Deps): string {
  return process.env.URL ?? deps.config.SITE_URL ?? `http://localhost:${deps.config.PORT}`;
}

/**
 * Confirms a hook deploy: reads the version the live site serves and marks it live (a newer
 * publish's version can go live while an older one waits, and the reverse). A deploy unconfirmed
 * DEPLOY_GIVE_UP_MS after its hook is marked failed, saying where to look.
 */
export async function confirmDeploy(
  deps: Deps,
  fetcher: Fetch = fetch,
  now = Date.now(),
  timeoutMs = 3000,
): Promise<void> {
  const { store } = deps;
  const latest = await store.catalogueVersions.latest();
  if (!latest || latest.state !== 'building') return;
  try {
    const answer = await fetcher(new URL('/catalogue-version.json', siteAddress(deps)), {
      cache: 'no-store',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const served = answer.ok ? ((await answer.json()) as { version?: unknown }).version : null;
    if (typeof served === 'number' && Number.isInteger(served) && served > 0) {
      const live = await store.catalogueVersions.markLive(served, new Date(now).toISOString());
      if (live) forgetProductList();
    }
  } catch {
    // The site did not answer: the deploy stays building, and the next look tries again.
  }
  const current = await store.catalogueVersions.get(latest.number);
  if (current?.state === 'building' && now - Date.parse(current.stateAt) > DEPLOY_GIVE_UP_MS)
    await store.catalogueVersions.setState(
      latest.number,
      {
        state: 'failed',
        at: new Date(now).toISOString(),
        message: `The site still does not serve version ${latest.number} ${DEPLOY_GIVE_UP_MS / 60_000} minutes after the build hook: see the deploy log in Netlify.`,
      },
      ['building'],
    );
}

/** How often an order may look at the live site while a hook deploy waits to be confirmed. */
export const ORDER_CONFIRM_EVERY_MS = 10_000;
let orderLook = { version: 0, at: 0 };

/**
 * Before an order is priced: while a hook deploy is building, look (for each version at most once
 * per ORDER_CONFIRM_EVERY_MS per instance, 1.5 s at most) whether the site serves it already, so
 * orders follow the pages even when no desk is open to poll the progress.
 */
export async function confirmBeforePricing(
  deps: Deps,
  fetcher: Fetch = fetch,
  now = Date.now(),
): Promise<void> {
  if (!deps.config.BUILD_HOOK_URL) return;
  const latest = await deps.store.catalogueVersions.latest();
  if (latest?.state !== 'building') return;
  if (orderLook.version === latest.number && now - orderLook.at < ORDER_CONFIRM_EVERY_MS) return;
  orderLook = { version: latest.number, at: now };
  await confirmDeploy(deps, fetcher, now, 1500);
}

/**
 * What the draft changes since the newest published version (every product before any): how
 * many products, and the first PUBLISH_REVIEW_LIMITS.products of them with their first fields and
 * who last changed each at the desk (by name; their e-mail once they are no longer a member).
 */
export async function unpublishedChanges(
  store: Store,
): Promise<Pick<DeskCatalogue, 'unpublished' | 'changes' | 'moreChanges' | 'draft'>> {
  const [latest, states, members] = await Promise.all([
    store.catalogueVersions.latest(),
    store.products.states(),
    store.staff.list(),
  ]);
  const live = states.filter((s) => s.archivedAt === null);
  const previous = latest ? (await versionProducts(store, latest.number)).products : null;
  const all = productChanges(
    previous,
    live.map((s) => s.product),
  );
  // Every product's, archived ones too: an archive is a change Publish names the member of.
  const editors = new Map(states.map((s) => [s.product._id, s.editedBy]));
  const names = new Map(members.map((m) => [m.id, m.name]));
  const { products, fields } = PUBLISH_REVIEW_LIMITS;
  return {
    unpublished: all.length,
    changes: all.slice(0, products).map((change) => {
      const editor = editors.get(change.id) ?? null;
      return {
        ...change,
        fields: change.fields.slice(0, fields),
        moreFields: Math.max(0, change.fields.length - fields),
        by: editor && (names.get(editor.id) || editor.email),
      };
    }),
    moreChanges: Math.max(0, all.length - products),
    draft: draftKey(live.map((s) => s.product)),
  };
}

const view = (v: CatalogueVersion | null): DeskVersion | null => (v ? { ...v } : null);

/** What the desk's Publish bar shows: unpublished changes, the newest and live versions, recent ones. */
export async function catalogueProgress(
  deps: Deps,
  message: string = PUBLISH_MESSAGES.progress,
  fetcher: Fetch = fetch,
): Promise<DeskCatalogue> {
  const { store } = deps;
  const mode = deployMode(deps);
  if (mode === 'hook') await confirmDeploy(deps, fetcher);
  if (mode === 'local') {
    // A version published elsewhere (the CLI) while this server runs is built here.
    const latest = await store.catalogueVersions.latest();
    if (latest?.state === 'queued')
      deployLocally(store).catch((error) => console.error(`[publish] ${String(error)}`));
  }
  const [review, latest, live, versions] = await Promise.all([
    unpublishedChanges(store),
    store.catalogueVersions.latest(),
    store.catalogueVersions.live(),
    store.catalogueVersions.recent(5),
  ]);
  return {
    success: true,
    message:
      mode !== 'none' || latest?.state !== 'queued'
        ? message
        : message === PUBLISH_MESSAGES.progress
          ? PUBLISH_MESSAGES.noDeploy
          : `${message} ${PUBLISH_MESSAGES.noDeploy}`,
    ...review,
    deploy: mode,
    latest: view(latest),
    live: view(live),
    versions: versions.map((v) => view(v)!),
  };
}

/** The desk's Publish: publishes, then answers the progress with what happened. */
export async function deskPublish(
  deps: Deps,
  staff: Actor,
  body: { reviewed?: string } = {},
  fetcher: Fetch = fetch,
): Promise<DeskCatalogue> {
  const version = await publishCatalogue(deps, staff, fetcher, body.reviewed);
  return catalogueProgress(deps, PUBLISH_MESSAGES.published(version.number), fetcher);
}
