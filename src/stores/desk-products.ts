// The desk's products: the list (live, archived or all, searched), and the actions on one
// product: a colour in or out of stock, archive, restore and delete. Each answer replaces the
// product in the list as the server now has it; a refusal is shown and the list kept.
import { atom } from 'nanostores';
import type { DeskProductState, DeskProductsBody } from '../lib/contract/desk-stock.ts';
import { callDesk, notifyFailure } from './desk-call.ts';
import { herePlace, notify } from './desk-session.ts';
import { loadProgress } from './desk-publish.ts';

/** Which products the list shows. */
export type ProductShow = NonNullable<DeskProductsBody['show']>;

/** The list's filters. */
export interface ProductFilters {
  q: string;
  show: ProductShow;
}

/** The filters the list shows, and its last answer (null before the first). */
export const $productFilters = atom<ProductFilters>({ q: '', show: 'live' });
export const $productList = atom<{
  products: DeskProductState[];
  counts: { live: number; archived: number };
} | null>(null);

/**
 * The page of the list shown (1-based). The list is paged here, from the answer already held: the
 * call reads every product's state for its counts anyway, and 57 products answer in a few KB; what
 * cost the phone was drawing every card.
 */
export const $productPage = atom<number>(1);

/** Shows page `page` of the list. */
export const showProductPage = (page: number): void => $productPage.set(page);

/** Sets the filters and loads the list; new filters (a search, another chip) start at page 1. */
export async function loadProducts(filters: ProductFilters = $productFilters.get()): Promise<void> {
  const place = herePlace();
  if (filters !== $productFilters.get()) $productPage.set(1);
  $productFilters.set(filters);
  try {
    const body: DeskProductsBody = { show: filters.show };
    if (filters.q.trim()) body.q = filters.q.trim();
    const answer = await callDesk('deskProducts', body);
    if ($productFilters.get() === filters)
      $productList.set({ products: answer.products, counts: answer.counts });
  } catch (error) {
    notifyFailure(error, place);
  }
}

/** Puts the product as the server now has it in the list (or takes it out when it left the view). */
function replace(product: DeskProductState): void {
  const list = $productList.get();
  if (!list) return;
  const show = $productFilters.get().show;
  const fits = show === 'all' || (show === 'archived') === product.archived;
  $productList.set({
    ...list,
    products: fits
      ? list.products.map((p) => (p._id === product._id ? product : p))
      : list.products.filter((p) => p._id !== product._id),
  });
}

/** Marks one colour of a product in or out of stock: live in the shop at once. */
export async function setColourStock(
  product: DeskProductState,
  color: string,
  inStock: boolean,
): Promise<void> {
  const place = herePlace();
  try {
    const answer = await callDesk('deskProductStock', {
      productId: product._id,
      color,
      inStock,
    });
    notify('success', answer.message, place);
    replace(answer.product);
  } catch (error) {
    notifyFailure(error, place);
  }
}

/** Archives (hides) or restores a product, then reloads the counts. */
export async function setArchived(product: DeskProductState, archived: boolean): Promise<void> {
  const place = herePlace();
  try {
    const answer = await callDesk(archived ? 'deskProductArchive' : 'deskProductRestore', {
      productId: product._id,
    });
    notify('success', answer.message, place);
    replace(answer.product);
    // An archive or a restore changes what the next publish holds: the Publish bar says so.
    await Promise.all([loadProducts(), loadProgress()]);
  } catch (error) {
    notifyFailure(error, place);
  }
}

/** Deletes a product no order holds (owners only; the server refuses otherwise and says why). */
export async function deleteProduct(product: DeskProductState): Promise<void> {
  const place = herePlace();
  try {
    const answer = await callDesk('deskProductDelete', { productId: product._id });
    notify('success', answer.message, place);
    await Promise.all([loadProducts(), loadProgress()]);
  } catch (error) {
    notifyFailure(error, place);
  }
}
