// The shop's current stock (GET /api/stock) and the desk's product calls:
// mark a colour in or out of stock, archive, restore, delete. Each desk change is one atomic write
// in the store and one audit entry (who, what, before, after). A stock change is live at once;
// an archive hides the product from every live call at once (product list, cart, order, stock)
// and its static page goes at the next build (publish), which lists live products only.
import type { AnswerOf } from '../../lib/contract/endpoints.ts';
import type {
  DeskProductBody,
  DeskProductState,
  DeskProductStockBody,
  DeskProductsBody,
} from '../../lib/contract/desk-stock.ts';
import { STOCK_ANSWERS } from '../../lib/messages.ts';
import type { AuditAction } from '../../lib/desk-audit.ts';
import { colourStock, parseStockIds } from '../../lib/stock.ts';
import { conflict, invalid, notFound } from '../errors.ts';
import type { ProductChange, ProductState, StaffRecord, Store } from '../store/port.ts';
import { forgetProductList } from './catalogue.ts';
import { CLI_ACTOR, audit } from '../operations/index.ts';

/** How long a browser or the CDN may reuse a stock answer: together never more than 60 s. */
export const STOCK_CACHE_HEADERS = {
  'Cache-Control': 'public, max-age=25',
  'Netlify-CDN-Cache-Control': 'public, s-maxage=30',
} as const;

/** The current stock of the asked products that are on sale, colour by colour (GET /api/stock). */
export async function currentStock(
  store: Store,
  idsQuery: string | null,
): Promise<AnswerOf<'stock'>> {
  const asked = parseStockIds(idsQuery);
  if ('error' in asked) throw invalid(asked.error);
  const states = await store.products.states(asked.ids);
  return {
    success: true,
    products: states
      .filter((s) => s.archivedAt === null)
      .map((s) => ({ _id: s.product._id, colours: colourStock(s.product.colors, s.soldOut) })),
  };
}

/** A product's state as the desk shows it and the audit log keeps it. */
export function toDeskProduct(state: ProductState): DeskProductState {
  return {
    _id: state.product._id,
    productName: state.product.productName,
    stock: state.product.stock,
    colours: colourStock(state.product.colors, state.soldOut),
    archived: state.archivedAt !== null,
    archivedAt: state.archivedAt,
  };
}

type Actor = Pick<StaffRecord, 'id' | 'email'>;

/** The state a change leaves, after auditing it; refusals for a missing product. */
async function settle(
  store: Store,
  actor: Actor,
  action: AuditAction,
  productId: string,
  change: ProductChange,
): Promise<{ state: ProductState; changed: boolean }> {
  if (change.kind === 'missing') throw notFound(STOCK_ANSWERS.productNotFound);
  if (change.kind !== 'changed') return { state: change.state, changed: false };
  await audit(
    store,
    actor,
    action,
    `product:${productId}`,
    toDeskProduct(change.before),
    toDeskProduct(change.after),
  );
  forgetProductList();
  return { state: change.after, changed: true };
}

/** Marks one colour in or out of stock; the colour is matched ignoring case. */
export async function setDeskColourStock(
  store: Store,
  staff: Actor | null,
  body: DeskProductStockBody,
): Promise<AnswerOf<'deskProductStock'>> {
  const [found] = await store.products.states([body.productId]);
  if (!found) throw notFound(STOCK_ANSWERS.productNotFound);
  const { productName, colors } = found.product;
  const color = colors.find((c) => c.toLowerCase() === body.color.toLowerCase());
  if (color === undefined)
    throw notFound(STOCK_ANSWERS.colourNotFound(productName, body.color, colors));
  const change = await store.products.setColourStock(body.productId, color, body.inStock);
  if (change.kind === 'unknownColour')
    throw notFound(
      STOCK_ANSWERS.colourNotFound(productName, body.color, change.state.product.colors),
    );
  const { state, changed } = await settle(
    store,
    staff ?? CLI_ACTOR,
    'product.stock',
    body.productId,
    change,
  );
  const say = changed ? STOCK_ANSWERS.colourSet : STOCK_ANSWERS.colourUnchanged;
  return {
    success: true,
    message: say(productName, color, body.inStock),
    product: toDeskProduct(state),
  };
}

/** Archives a product: off the shop at once for every live call, its page gone at the next build. */
export async function archiveProduct(
  store: Store,
  staff: Actor | null,
  body: DeskProductBody,
): Promise<AnswerOf<'deskProductStock'>> {
  const change = await store.products.archive(body.productId, new Date().toISOString(), staff);
  const { state, changed } = await settle(
    store,
    staff ?? CLI_ACTOR,
    'product.archive',
    body.productId,
    change,
  );
  const name = state.product.productName;
  if (!changed) throw conflict(STOCK_ANSWERS.alreadyArchived(name));
  return { success: true, message: STOCK_ANSWERS.archived(name), product: toDeskProduct(state) };
}

/** Puts an archived product back on sale. */
export async function restoreProduct(
  store: Store,
  staff: Actor | null,
  body: DeskProductBody,
): Promise<AnswerOf<'deskProductStock'>> {
  const change = await store.products.restore(body.productId, staff);
  const { state, changed } = await settle(
    store,
    staff ?? CLI_ACTOR,
    'product.restore',
    body.productId,
    change,
  );
  const name = state.product.productName;
  if (!changed) throw conflict(STOCK_ANSWERS.notArchived(name));
  return { success: true, message: STOCK_ANSWERS.restored(name), product: toDeskProduct(state) };
}

/** Deletes a product no order holds; otherwise refuses, saying how many orders hold it. */
export async function deleteProduct(
  store: Store,
  staff: Actor | null,
  body: DeskProductBody,
): Promise<AnswerOf<'deskProductDelete'>> {
  const [found] = await store.products.states([body.productId]);
  const removal = await store.products.remove(body.productId);
  if (removal.kind === 'missing') throw notFound(STOCK_ANSWERS.productNotFound);
  if (removal.kind === 'ordered')
    throw conflict(
      STOCK_ANSWERS.ordered(found?.product.productName ?? body.productId, removal.orders),
    );
  const actor = staff ?? CLI_ACTOR;
  await audit(
    store,
    actor,
    'product.delete',
    `product:${body.productId}`,
    toDeskProduct(removal.before),
    null,
  );
  forgetProductList();
  return {
    success: true,
    message: STOCK_ANSWERS.deleted(removal.before.product.productName),
    productId: body.productId,
  };
}
/**
 * The desk's product list: live products, archived ones or all, in catalogue order, searched by
 * name, maker or id (any case), with how many are live and archived in the whole catalogue.
 */
export async function listDeskProducts(
  store: Store,
  body: DeskProductsBody,
): Promise<{
  success: true;
  products: DeskProductState[];
  counts: { live: number; archived: number };
}> {
  const states = await store.products.states();
  const archived = states.filter((s) => s.archivedAt !== null).length;
  const show = body.show ?? 'live';
  const q = body.q?.trim().toLowerCase() ?? '';
  const products = states
    .filter((s) => show === 'all' || (show === 'archived') === (s.archivedAt !== null))
    .filter(
      (s) =>
        !q ||
        [s.product._id, s.product.productName, s.product.maker].some((t) =>
          t.toLowerCase().includes(q),
        ),
    )
    .map(toDeskProduct);
  return { success: true, products, counts: { live: states.length - archived, archived } };
}
