import {
  addToCart,
  isCartFull,
  removeFromCart,
  sanitizeCart,
  setCartQuantity,
  type CartMap,
} from '../../lib/cart.ts';
import { CART_ANSWERS, CART_MESSAGES } from '../../lib/messages.ts';
import type { Product } from '../../lib/product.ts';
import type { CartLineBody, CartRemoveBody } from '../../lib/contract/requests.ts';
import { HttpError } from '../http.ts';
import type { Store } from '../store/port.ts';

/** Checks that a line names a real product, one of its colours and one of that colour's images. */
function checkLine(product: Product | null | undefined, line: CartRemoveBody): Product {
  if (!product) throw new HttpError(404, CART_ANSWERS.unknownProduct);
  const variant = product.colorImages.find((c) => c.color === line.selectedColor);
  if (!variant) throw new HttpError(400, CART_ANSWERS.unknownColour);
  if (line.imageIndex >= variant.images.length) throw new HttpError(400, CART_ANSWERS.unknownImage);
  return product;
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
  const product = checkLine(await store.products.get(line.itemId), line);
  if (!product.stock) throw new HttpError(409, CART_ANSWERS.outOfStock);
  return store.carts.update(userId, (cart) => {
    const current = sanitizeCart(cart);
    if (isCartFull(current, line)) throw new HttpError(400, CART_MESSAGES.full);
    return addToCart(current, line);
  });
}

/** Sets a line's quantity (1–100); the line must already be in the cart. */
export async function updateCartItem(
  store: Store,
  userId: string,
  line: CartLineBody,
): Promise<CartMap> {
  checkLine(await store.products.get(line.itemId), line);
  return store.carts.update(userId, (cart) => {
    const current = sanitizeCart(cart);
    if (current[line.itemId]?.[line.selectedColor]?.[String(line.imageIndex)] === undefined) {
      throw new HttpError(404, CART_ANSWERS.notInCart);
    }
    return setCartQuantity(current, line);
  });
}

/** Removes a line and any parents it leaves empty; removing an absent line changes nothing. */
export async function removeCartItem(
  store: Store,
  userId: string,
  line: CartRemoveBody,
): Promise<CartMap> {
  return store.carts.update(userId, (cart) => removeFromCart(sanitizeCart(cart), line));
}

/**
 * Stores the cart the browser merged at login in one write. Lines whose product, colour or picture
 * no longer exists are dropped, since the guest may have filled the cart before a catalogue change,
 * and so are lines of a product out of stock: cart/add refuses those, and merge agrees with it.
 */
export async function replaceCart(
  store: Store,
  userId: string,
  cartData: CartMap,
): Promise<CartMap> {
  const products = await store.products.getMany(Object.keys(cartData));
  let kept: CartMap = {};
  for (const [itemId, colours] of Object.entries(cartData)) {
    const product = products.get(itemId);
    if (!product?.stock) continue;
    for (const [selectedColor, images] of Object.entries(colours)) {
      const variant = product?.colorImages.find((c) => c.color === selectedColor);
      for (const [imageIndex, quantity] of Object.entries(images)) {
        if (!variant || Number(imageIndex) >= variant.images.length) continue;
        kept = addToCart(kept, { itemId, selectedColor, imageIndex, quantity });
      }
    }
  }
  await store.carts.set(userId, kept);
  return kept;
}
