// Which catalogue version a build renders.
import type { CatalogueVersion, Store } from '../store/port.ts';

/**
 * The version a build renders: the one CATALOGUE_VERSION names (a local rebuild of a publish),
 * else the newest published. A store with products but no version yet (a fresh store, or one
 * older than versions) publishes its draft as version 1 here, so existing deployments and
 * `npm start` keep working unchanged; its deploy is building until the site serves it.
 */
export async function versionToBuild(
  store: Store,
  asked: string | undefined,
): Promise<CatalogueVersion | null> {
  if (asked !== undefined && asked !== '') {
    const number = Number(asked);
    const version = Number.isInteger(number) ? await store.catalogueVersions.get(number) : null;
    if (!version)
      throw new Error(`CATALOGUE_VERSION=${asked}: there is no such catalogue version.`);
    return version;
  }
  const latest = await store.catalogueVersions.latest();
  if (latest) return latest;
  const products = await store.products.list();
  if (products.length === 0) return null;
  return store.catalogueVersions.publish(
    { publishedAt: new Date().toISOString(), by: null, products, state: 'building' },
    () => products.length,
  );
}
