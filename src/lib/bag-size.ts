// A bag's size beside its price: its outside measurements from the specification's length, width
// and height, and the largest common laptop it holds ("fits a 15.6″ laptop"). The laptop stands in
// the bag's largest face (the two longest measurements), with a centimetre to spare each way for
// the padding and the seams. A specification's own "up to N inches" (the compatibility line) is
// never exceeded: the page never promises more than the maker does. Laptops are sold by their
// whole inches ("a 13-inch laptop" is a 13.3″ one), so a limit of 13 allows 13.3 and 15 allows 15.6.
import type { Specs } from './product.ts';

/** Common laptop sizes (inches) and their bodies' footprint, width × depth in cm (typical models). */
export const LAPTOPS: readonly { inches: number; width: number; depth: number }[] = [
  { inches: 11.6, width: 29.5, depth: 20.5 },
  { inches: 13.3, width: 31, depth: 21.5 },
  { inches: 14, width: 32.5, depth: 22.5 },
  { inches: 15.6, width: 36, depth: 24.5 },
  { inches: 16, width: 36, depth: 25.5 },
  { inches: 17.3, width: 40, depth: 27 },
];

/** The room the padding and seams take from each inside measurement, in cm. */
export const PADDING_CM = 1;

const UNIT_CM: Readonly<Record<string, number>> = {
  cm: 1,
  mm: 0.1,
  in: 2.54,
  inch: 2.54,
  inches: 2.54,
  '″': 2.54,
  '"': 2.54,
};

/** A measurement as the owner typed it ("30 cm", "300mm", "12 in") in cm, or null when unreadable. */
export function centimetres(text: string): number | null {
  const m = /^\s*(\d{1,4}(?:\.\d{1,2})?)\s*(cm|mm|inches|inch|in|″|")?\s*$/i.exec(text);
  if (!m) return null;
  const value = Number(m[1]) * (UNIT_CM[(m[2] ?? 'cm').toLowerCase()] ?? 1);
  return value > 0 ? Math.round(value * 10) / 10 : null;
}

/** The largest laptop size (inches) a compatibility line allows ("Fits laptops up to 15.6 inches"), or null. */
export function statedLimit(compatibility: string): number | null {
  const m = /(\d{1,2}(?:\.\d)?)\s*-?\s*(?:inch|inches|in\b|″|")/i.exec(compatibility);
  return m ? Number(m[1]) : null;
}

/**
 * The bag's size line: "30 × 14 × 44 cm, fits a 15.6″ laptop"; without a fit, the size alone; null
 * when a measurement is missing or unreadable.
 */
export function bagSize(
  specs: Pick<Specs, 'length' | 'width' | 'height' | 'compatibility'>,
): string | null {
  const sides = [specs.length, specs.width, specs.height].map((s) =>
    s === undefined ? null : centimetres(s),
  );
  if (sides.some((s) => s === null)) return null;
  const [length, width, height] = sides as number[];
  const size = `${length} × ${width} × ${height} cm`;
  const [long, middle] = [...(sides as number[])].sort((a, b) => b - a) as [number, number];
  const limit = statedLimit(specs.compatibility ?? '') ?? Infinity;
  const fits = LAPTOPS.filter(
    (l) =>
      Math.floor(l.inches) <= limit &&
      l.width <= long - PADDING_CM &&
      l.depth <= middle - PADDING_CM,
  ).at(-1);
  if (!fits) return size;
  // "an 11.6″", "a 15.6″": the article follows the number as it is said.
  const article = /^(8|11|18)/.test(String(fits.inches)) ? 'an' : 'a';
  return `${size}, fits ${article} ${fits.inches}″ laptop`;
}
