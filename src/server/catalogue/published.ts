// The catalogue shoppers see and pay. The products collection is the working
// draft (desk edits and imports change it); pages, the product list, carts and orders read the
// published version the site serves: the newest version that is live, else (before any deploy
// was confirmed) the newest published one. Stock per colour and archive stay live: a version's
// product is on sale only while the draft's product is live, and carries its current stock flag.
// Before the first publish of a store there is no version, and the draft is what is sold (a
// store older than versions keeps working until its next build publishes version 1).
import type { Product } from '../../lib/product.ts';
import type { CatalogueVersion, ProductState, Store } from '../store/port.ts';

/** The version shoppers are shown and charged: live, else newest published, else none. */
export async function shownVersion(store: Store): Promise<CatalogueVersion | null> {
  return (await store.catalogueVersions.live()) ?? (await store.catalogueVersions.latest());
}

// A version never changes once published, so its products are kept per process (two versions:
// the live one and the one being published).
const kept: { store: Store; number: number; products: Product[]; byId: Map<string, Product> }[] =
  [];

/** A version's products in catalogue order (read once per process, versions never change). */
export async function versionProducts(
  store: Store,
  number: number,
): Promise<{ products: Product[]; byId: Map<string, Product> }> {
  const hit = kept.find((k) => k.store === store && k.number === number);
  if (hit) return hit;
  const products = (await store.catalogueVersions.products(number)) ?? [];
  const entry = { store, number, products, byId: new Map(products.map((p) => [p._id, p])) };
  kept.unshift(entry);
  kept.length = Math.min(kept.length, 2);
  return entry;
}

/**
 * The version's product as sold now: on sale only while live in the draft, and only if the draft's
 * record was there when the version was published (a product deleted and added again under its
 * old id is a new product, not on sale until the next publish), with its stock flag.
 */
function onSale(
  product: Product | undefined,
  state: ProductState | undefined,
  version: CatalogueVersion,
): Product | null {
  if (!product || !state || state.archivedAt !== null) return null;
  if (state.draftSince !== null && state.draftSince > version.publishedAt) return null;
  return { ...product, stock: state.product.stock };
}

/**
 * The products shoppers can buy among `ids`, as the published version shows them (price, name,
 * discount, wholesale price, colours, images); a product only in the draft, archived or deleted is
 * absent. Without any version yet: the draft's live products.
 */
export async function publishedMany(
  store: Store,
  ids: readonly string[],
): Promise<Map<string, Product>> {
  const version = await shownVersion(store);
  if (!version) return store.products.getMany(ids);
  const { byId } = await versionProducts(store, version.number);
  const states = new Map((await store.products.states(ids)).map((s) => [s.product._id, s]));
  const found = new Map<string, Product>();
  for (const id of ids) {
    const product = onSale(byId.get(id), states.get(id), version);
    if (product) found.set(id, product);
  }
  return found;
}

/** One product as `publishedMany` answers it, or null. */
export async function publishedProduct(store: Store, id: string): Promise<Product | null> {
  return (await publishedMany(store, [id])).get(id) ?? null;
}

/**
 * Every product on sale in catalogue order, as the published version shows them (the product
 * list, and the pages of a build of `version`).
 */
export async function publishedList(
  store: Store,
  version?: CatalogueVersion | null,
): Promise<Product[]> {
  const shown = version === undefined ? await shownVersion(store) : version;
  if (!shown) return store.products.list();
  const { products } = await versionProducts(store, shown.number);
  const states = new Map((await store.products.states()).map((s) => [s.product._id, s]));
  return products.flatMap((p) => onSale(p, states.get(p._id), shown) ?? []);
}
