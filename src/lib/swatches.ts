/**
 * Paint for the catalogue's colour names: the product page and cards draw their swatches with it, and
 * src/demo/photos/drawing.ts paints the demo photos from it, so a swatch matches its photo.
 */
export const SWATCHES: Readonly<Record<string, string>> = {
  Black: '#2a2a2d',
  Navy: '#1f2f57',
  Grey: '#8b8f94',
  Charcoal: '#3e434a',
  Olive: '#6b7140',
  'Forest Green': '#2f5d3a',
  Rust: '#b4552b',
  Mustard: '#d6a630',
  Teal: '#1f7a78',
  Maroon: '#6f1f2c',
  Beige: '#d8c6a5',
  Cream: '#eee4cc',
  Khaki: '#a9996a',
  Brown: '#6b4424',
  Tan: '#c49a6b',
  'Blush Pink': '#e7b3b7',
  'Sky Blue': '#7fb3da',
};

/**
 * The CSS colour of a swatch: the product's own paint for the colour when it gives one, else the
 * table's; an unknown name is tried as a CSS colour keyword.
 */
export const swatchColour = (name: string, own?: string): string =>
  own ?? SWATCHES[name] ?? name.replace(/\s+/g, '').toLowerCase();

/** The paint of each colour a product gives its own swatch, or undefined when it gives none. */
export function ownSwatches(
  colorImages: readonly { color: string; swatch?: string }[],
): Record<string, string> | undefined {
  const own = colorImages.filter((c) => c.swatch !== undefined);
  return own.length ? Object.fromEntries(own.map((c) => [c.color, c.swatch!])) : undefined;
}
