import {
  addToCart,
  cartEntries,
  cartLineKey,
  checkCartLine,
  isCartFull,
  removeFromCart,
  sanitizeCart,
  setCartQuantity,
  type CartMap,
} from '../../lib/cart.ts';
import { CART_ANSWERS, CART_MESSAGES } from '../../lib/messages.ts';
import type { Product } from '../../lib/product.ts';
import type { CartLineBody, CartRemoveBody } from '../../lib/contract/requests.ts';
import { conflict, invalid, notFound } from '../errors.ts';
import type { Store } from '../store/port.ts';
// Carts check lines against the published version, as orders price them.
import { publishedMany, publishedProduct } from '../catalogue/index.ts';

/** Why a line is refused on a cart call, one message per problem of `checkCartLine`. */
const REFUSALS = {
  unknownProduct: () => notFound(CART_ANSWERS.unknownProduct),
  unknownColour: () => invalid(CART_ANSWERS.unknownColour),
  unknownImage: () => invalid(CART_ANSWERS.unknownImage),
} as const;

/**
 * The line as the cart stores it, with the catalogue's spelling of its colour, or the refusal of
 * the one line rule (`checkCartLine`); the original client sends colours in lower case.
 */
async function checkedLine<L extends CartRemoveBody>(
  store: Store,
  line: L,
): Promise<L & { product: Product }> {
  const checked = checkCartLine(await publishedProduct(store, line.itemId), line);
  if (!checked.ok) throw REFUSALS[checked.problem]();
  return { ...line, selectedColor: checked.line.selectedColor, product: checked.line.product };
}

/** The user's stored cart. */
export async function getCart(store: Store, userId: string): Promise<CartMap> {
  return sanitizeCart(await store.carts.get(userId));
}

/**
 * Adds a quantity to a line (capped at 100) in one atomic update; a new line in a cart that already
 * holds MAX_CART_LINES lines is refused, so a cart never grows past what merge and order accept.
 */
export async function addCartItem(
  store: Store,
  userId: string,
  line: CartLineBody,
): Promise<CartMap> {
  const { product, ...checked } = await checkedLine(store, line);
  if (!product.stock) throw conflict(CART_ANSWERS.outOfStock);
  // A sold-out colour of a product still in stock in others is named.
  const [state] = await store.products.states([product._id]);
  if (state?.soldOut.includes(checked.selectedColor))
    throw conflict(CART_ANSWERS.colourOutOfStock(product.productName, checked.selectedColor));
  return store.carts.update(userId, (cart) => {
    const current = sanitizeCart(cart);
    if (isCartFull(current, checked)) throw invalid(CART_MESSAGES.full);
    return addToCart(current, checked);
  });
}

/** Sets a line's quantity (1–100); the line must already be in the cart. */
export async function updateCartItem(
  store: Store,
  userId: string,
  line: CartLineBody,
): Promise<CartMap> {
  const { product: _product, ...checked } = await checkedLine(store, line);
  return store.carts.update(userId, (cart) => {
    const current = sanitizeCart(cart);
    const keys = new Set(cartEntries(current).map(cartLineKey));
    if (!keys.has(cartLineKey(checked))) throw notFound(CART_ANSWERS.notInCart);
    return setCartQuantity(current, checked);
  });
}

/**
 * Removes a line and any parents it leaves empty; removing an absent line changes nothing. The
 * colour is matched ignoring case like everywhere else; a line of a product or colour the catalogue
 * no longer has is removed as it is spelled.
 */
export async function removeCartItem(
  store: Store,
  userId: string,
  line: CartRemoveBody,
): Promise<CartMap> {
  const checked = checkCartLine(await publishedProduct(store, line.itemId), line);
  const spelled = checked.ok ? { ...line, selectedColor: checked.line.selectedColor } : line;
  return store.carts.update(userId, (cart) => removeFromCart(sanitizeCart(cart), spelled));
}

/**
 * Stores the cart the browser merged at login in one write. Lines `checkCartLine` refuses are
 * dropped, since the guest may have filled the cart before a catalogue change, and so are lines of
 * a product out of stock: cart/add refuses those, and merge agrees with it. Colours take the
 * catalogue's spelling, so "tan" and "Tan" become one line.
 */
export async function replaceCart(
  store: Store,
  userId: string,
  cartData: CartMap,
): Promise<CartMap> {
  const products = await publishedMany(store, Object.keys(cartData));
  // A colour sold out since the guest added it is dropped too, as cart/add refuses it.
  const soldOut = new Map(
    (await store.products.states([...products.keys()])).map((s) => [s.product._id, s.soldOut]),
  );
  let kept: CartMap = {};
  for (const entry of cartEntries(cartData)) {
    const checked = checkCartLine(products.get(entry.itemId), entry);
    if (!checked.ok || !checked.line.product.stock) continue;
    if (soldOut.get(entry.itemId)?.includes(checked.line.selectedColor)) continue;
    kept = addToCart(kept, { ...entry, selectedColor: checked.line.selectedColor });
  }
  await store.carts.set(userId, kept);
  return kept;
}
