import {
  lineTotal as priceLineTotal,
  productQuantities,
  unitPrice as priceUnitPrice,
} from './pricing.ts';
import type { CartMap } from './contract/fields.ts';
import type { Product } from './product.ts';
import { MAX_CART_LINES, MAX_QUANTITY, MIN_QUANTITY } from './cart-limits.ts';
import { CART_MESSAGES } from './messages.ts';

export type { CartMap };
export { MAX_CART_LINES, MAX_QUANTITY, MIN_QUANTITY };

/** What identifies one cart line. */
export type CartKey = { itemId: string; selectedColor: string; imageIndex: number | string };

/** One cart line read from the map, with its image index as the map's text key. */
export type CartEntry = {
  itemId: string;
  selectedColor: string;
  imageIndex: string;
  quantity: number;
};

/** A cart line joined with its product and priced in PKR (at the product's quantity across its lines). */
export type CartLine = {
  itemId: string;
  product: Product;
  selectedColor: string;
  imageIndex: number;
  image: string;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
};

// Stored carts are untrusted JSON, and plain objects inherit `constructor`, `__proto__` and the
// rest from Object.prototype: `cart.constructor.prototype[0] = 5` would change every object of the
// page. So maps are only ever read through own properties, and '__proto__' is never stored.
const UNSAFE_KEY = '__proto__';

/** The value a map holds under a key of its own (never an inherited one). */
function own<T>(map: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(map, key) ? map[key] : undefined;
}

/** The map under `key`, created when the map has none of its own. */
function child<T>(map: Record<string, Record<string, T>>, key: string): Record<string, T> {
  return own(map, key) ?? (map[key] = {});
}

/** The map's text key for an image index: 2 and '2' (and '02') give '2'. */
export function imageKey(imageIndex: number | string): string {
  const text = String(imageIndex).trim();
  return /^\d+$/.test(text) ? String(Number(text)) : text;
}

/** A quantity forced into 1..100 (a non-number counts as 1). */
export function clampQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return MIN_QUANTITY;
  return Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Math.trunc(quantity)));
}

function cloneCart(map: CartMap): CartMap {
  const copy: CartMap = {};
  for (const [id, colours] of Object.entries(map)) {
    if (id === UNSAFE_KEY) continue;
    const copied: Record<string, Record<string, number>> = {};
    for (const [colour, images] of Object.entries(colours)) {
      if (colour !== UNSAFE_KEY)
        copied[colour] = Object.fromEntries(
          Object.entries(images).filter(([index]) => index !== UNSAFE_KEY),
        );
    }
    copy[id] = copied;
  }
  return copy;
}

function withQuantity(map: CartMap, key: CartKey, quantity: number): CartMap {
  const index = imageKey(key.imageIndex);
  if ([key.itemId, key.selectedColor, index].includes(UNSAFE_KEY)) return cloneCart(map);
  const next = cloneCart(map);
  child(child(next, key.itemId), key.selectedColor)[index] = quantity;
  return next;
}

function quantityAt(map: CartMap, key: CartKey): number {
  const colours = own(map, key.itemId);
  const images = colours && own(colours, key.selectedColor);
  return (images && own(images, imageKey(key.imageIndex))) ?? 0;
}

/** The number of lines (product, colour, picture) in a cart. */
export function cartLineCount(map: CartMap): number {
  let lines = 0;
  for (const colours of Object.values(map))
    for (const images of Object.values(colours)) lines += Object.keys(images).length;
  return lines;
}

/** Whether adding this line would take the cart past MAX_CART_LINES (a line already there always fits). */
export function isCartFull(map: CartMap, key: CartKey): boolean {
  return quantityAt(map, key) === 0 && cartLineCount(map) >= MAX_CART_LINES;
}

/**
 * How many of an addition the per-line cap of 100 lets into the cart (0 when the line is already
 * full), or null when everything asked for fits.
 */
export function cappedAddition(map: CartMap, line: CartKey & { quantity: number }): number | null {
  const asked = Math.trunc(line.quantity);
  const added = Math.max(0, Math.min(asked, MAX_QUANTITY - quantityAt(map, line)));
  return added === asked ? null : added;
}

/**
 * What the shopper is told when the per-line cap of 100 trims an addition: how many were really
 * added, or that the line is already full; null when everything asked for was added.
 */
export function lineCapNotice(map: CartMap, line: CartKey & { quantity: number }): string | null {
  const added = cappedAddition(map, line);
  if (added === null) return null;
  return added === 0 ? CART_MESSAGES.lineFull : CART_MESSAGES.partlyAdded(added);
}

/**
 * Adds a quantity to a line (creating it) and returns a new map; the line's total is capped at 100,
 * and a new line that would take the cart past MAX_CART_LINES is not added.
 */
export function addToCart(map: CartMap, line: CartKey & { quantity: number }): CartMap {
  const add = Number.isFinite(line.quantity) ? Math.trunc(line.quantity) : 0;
  if (add < MIN_QUANTITY || isCartFull(map, line)) return cloneCart(map);
  return withQuantity(map, line, Math.min(MAX_QUANTITY, quantityAt(map, line) + add));
}

/** Sets a line's quantity, clamped to 1..100, and returns a new map. */
export function setCartQuantity(map: CartMap, line: CartKey & { quantity: number }): CartMap {
  return withQuantity(map, line, clampQuantity(line.quantity));
}

/** Removes a line and any colour or product left empty, returning a new map. */
export function removeFromCart(map: CartMap, key: CartKey): CartMap {
  const next = cloneCart(map);
  const colours = own(next, key.itemId);
  const images = colours && own(colours, key.selectedColor);
  if (!colours || !images) return next;
  delete images[imageKey(key.imageIndex)];
  if (Object.keys(images).length === 0) delete colours[key.selectedColor];
  if (Object.keys(colours).length === 0) delete next[key.itemId];
  return next;
}

/** Every line of the map in insertion order. */
export function cartEntries(map: CartMap): CartEntry[] {
  const entries: CartEntry[] = [];
  for (const [itemId, colours] of Object.entries(map)) {
    for (const [selectedColor, images] of Object.entries(colours)) {
      for (const [imageIndex, quantity] of Object.entries(images)) {
        entries.push({ itemId, selectedColor, imageIndex, quantity });
      }
    }
  }
  return entries;
}

/**
 * The number of items in the cart: the sum of all quantities (the header badge, which the
 * first-paint script fills with it before first paint).
 */
export function cartCount(map: CartMap): number {
  let total = 0;
  for (const colours of Object.values(map ?? {})) {
    for (const images of Object.values(colours ?? {})) {
      for (const quantity of Object.values(images ?? {})) {
        if (typeof quantity === 'number' && Number.isInteger(quantity) && quantity > 0)
          total += quantity;
      }
    }
  }
  return total;
}

/** Why a line cannot be in a cart or an order; the same rule decides it for the cart, the order and the merge. */
export type CartLineProblem = 'unknownProduct' | 'unknownColour' | 'unknownImage';

/** A line that passed `checkCartLine`: the catalogue's spelling of its colour, and its picture. */
export type CheckedLine = {
  product: Product;
  selectedColor: string;
  imageIndex: number;
  image: string;
};

/**
 * The one rule for a cart line: its product exists, the colour is one of the product's colours
 * (matched ignoring case, as docs/product.md §3 and §7 make no colour case-sensitive; the answer carries the
 * catalogue's spelling), and the picture index is one of that colour's pictures.
 */
export function checkCartLine(
  product: Product | null | undefined,
  line: CartKey,
): { ok: true; line: CheckedLine } | { ok: false; problem: CartLineProblem } {
  if (!product) return { ok: false, problem: 'unknownProduct' };
  const wanted = line.selectedColor.toLowerCase();
  const variant = product.colorImages.find(
    (c) => c.color.toLowerCase() === wanted && product.colors.includes(c.color),
  );
  if (!variant) return { ok: false, problem: 'unknownColour' };
  const index = imageKey(line.imageIndex);
  const imageIndex = Number(index);
  if (!/^\d+$/.test(index) || imageIndex >= variant.images.length)
    return { ok: false, problem: 'unknownImage' };
  return {
    ok: true,
    line: { product, selectedColor: variant.color, imageIndex, image: variant.images[imageIndex]! },
  };
}

/** The one text key of a cart line (product, colour, picture), for maps, sets and React keys. */
export function cartLineKey(line: CartKey): string {
  return `${line.itemId}\u0000${line.selectedColor}\u0000${imageKey(line.imageIndex)}`;
}

/** How many of one product the cart holds across its colour and picture lines (0 when none). */
export function productQuantityInCart(map: CartMap, itemId: string): number {
  return (
    productQuantities(
      cartEntries(map)
        .filter((entry) => entry.itemId === itemId)
        .map((entry) => ({ productId: entry.itemId, quantity: entry.quantity })),
    ).get(itemId) ?? 0
  );
}

/**
 * The cart's lines joined with the catalogue and priced; lines `checkCartLine` refuses are skipped.
 * The wholesale rule counts a product's quantity across all its lines that are priced, so every
 * colour of a product gets the same unit price.
 */
export function cartLines(
  map: CartMap,
  products: ReadonlyMap<string, Product> | readonly Product[],
): CartLine[] {
  const byId: ReadonlyMap<string, Product> =
    products instanceof Map
      ? products
      : new Map((products as readonly Product[]).map((p) => [p._id, p]));
  const checkedLines = cartEntries(map).flatMap((entry) => {
    const checked = checkCartLine(byId.get(entry.itemId), entry);
    return checked.ok ? [{ ...checked.line, quantity: entry.quantity }] : [];
  });
  const quantities = productQuantities(
    checkedLines.map((line) => ({ productId: line.product._id, quantity: line.quantity })),
  );
  return checkedLines.map(({ product, selectedColor, imageIndex, image, quantity }) => {
    const productQuantity = quantities.get(product._id) ?? quantity;
    return {
      itemId: product._id,
      product,
      selectedColor,
      imageIndex,
      image,
      quantity,
      unitPrice: priceUnitPrice(product, productQuantity),
      lineTotal: priceLineTotal(product, quantity, productQuantity),
    };
  });
}

/** The items amount of the cart in PKR: the sum of its line totals. */
export function cartSubtotal(lines: readonly Pick<CartLine, 'lineTotal'>[]): number {
  return lines.reduce((sum, line) => sum + line.lineTotal, 0);
}

/**
 * The cart kept after login, merged per line (product, colour, picture): the guest's line wins
 * where both hold the same line, and every other line of either cart stays (docs/product.md §4).
 * The old site's guest entries overrode per product, which lost a signed-in shopper's other
 * colours. Past MAX_CART_LINES lines, the guest's lines are kept first (the shopper just chose
 * them), then the user's older ones in order, so the merge is never refused for its size.
 */
export function mergeCarts(userCart: CartMap, guestCart: CartMap): CartMap {
  const merged = cloneCart(userCart);
  const guest = cloneCart(guestCart); // own entries only, never a '__proto__' key
  for (const line of cartEntries(guest)) {
    ((merged[line.itemId] ??= {})[line.selectedColor] ??= {})[line.imageIndex] = line.quantity;
  }
  const entries = cartEntries(merged);
  if (entries.length <= MAX_CART_LINES) return merged;
  const guestKeys = new Set(cartEntries(guest).map(cartLineKey));
  const fromGuest = (e: CartEntry) => guestKeys.has(cartLineKey(e));
  const kept = new Set(
    [...entries.filter(fromGuest), ...entries.filter((e) => !fromGuest(e))].slice(
      0,
      MAX_CART_LINES,
    ),
  );
  const limited: CartMap = {};
  for (const e of entries) {
    if (kept.has(e))
      ((limited[e.itemId] ??= {})[e.selectedColor] ??= {})[e.imageIndex] = e.quantity;
  }
  return limited;
}

/** The favourites kept after login: the user's ids then the guest's new ones, without duplicates. */
export function mergeFavourites(user: readonly string[], guest: readonly string[]): string[] {
  return [...new Set([...user, ...guest])];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A cart read from untrusted JSON: only integer quantities 1..100 under digit image keys survive. */
export function sanitizeCart(value: unknown): CartMap {
  const cart: CartMap = {};
  if (!isRecord(value)) return cart;
  for (const [itemId, colours] of Object.entries(value)) {
    if (itemId === UNSAFE_KEY || !isRecord(colours)) continue;
    for (const [colour, images] of Object.entries(colours)) {
      if (colour === UNSAFE_KEY || !isRecord(images)) continue;
      for (const [index, quantity] of Object.entries(images)) {
        if (!/^\d+$/.test(index) || !Number.isInteger(quantity)) continue;
        const q = quantity as number;
        if (q < MIN_QUANTITY || q > MAX_QUANTITY) continue;
        child(child(cart, itemId), colour)[imageKey(index)] = q;
      }
    }
  }
  return cart;
}
