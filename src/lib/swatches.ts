/**
 * Paint for the catalogue's colour names: the product page and cards draw their swatches with it, and
 * scripts/generate-catalogue.ts paints the demo illustrations from it, so a swatch matches its photo.
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

/** The CSS colour of a swatch; an unknown name is tried as a CSS colour keyword. */
export const swatchColour = (name: string): string =>
  SWATCHES[name] ?? name.replace(/\s+/g, '').toLowerCase();
