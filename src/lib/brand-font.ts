// The brand typeface and its metric-matched fallback. Until Assistant is there (src/client/
// brand-font.ts adds it) text is set in Arial (or its metric twin Liberation Sans) scaled to
// Assistant's average glyph width, with Assistant's ascent and descent, so lines break and sit
// where they will once Assistant arrives: no layout shift at the swap.

/** The family name the shop's CSS asks for (global.css --font). */
export const BRAND_FONT = 'Assistant Variable';
/** The fallback face standing in for it until it loads. */
export const BRAND_FALLBACK = 'Assistant Fallback';

/**
 * Assistant's vertical metrics, per 1000 units per em (read from the Latin woff2 by
 * @capsizecss/unpack; tests/unit/brand-font.test.ts reads them again from the installed file).
 */
export const ASSISTANT_METRICS = { unitsPerEm: 1000, ascent: 1021, descent: -287, lineGap: 0 };

/**
 * Assistant's width against Arial's for the same text, regular and bold: a shop paragraph set at
 * 100 px in Chromium measured 11,772 px in Assistant 400 and 12,808 px in Arial/Liberation Sans
 * 400 (0.9192); 12,416 against 13,776 px at 700 (0.9013). tests/e2e/craft.spec.ts checks that text
 * sits at the same place with and without the font.
 */
export const WIDTH_RATIO = { regular: 0.9192, bold: 0.9013 } as const;

const percent = (value: number) => `${(value * 100).toFixed(2)}%`;

/** The overrides that make a fallback scaled by `sizeAdjust` take Assistant's vertical room. */
export function fallbackOverrides(sizeAdjust: number) {
  const em = ASSISTANT_METRICS.unitsPerEm * sizeAdjust;
  return {
    sizeAdjust: percent(sizeAdjust),
    ascentOverride: percent(ASSISTANT_METRICS.ascent / em),
    descentOverride: percent(Math.abs(ASSISTANT_METRICS.descent) / em),
    lineGapOverride: percent(ASSISTANT_METRICS.lineGap / em),
  };
}

function fallbackFace(weight: string, sources: string[], sizeAdjust: number): string {
  const o = fallbackOverrides(sizeAdjust);
  return `@font-face{font-family:'${BRAND_FALLBACK}';font-weight:${weight};src:${sources
    .map((s) => `local('${s}')`)
    .join(
      ',',
    )};size-adjust:${o.sizeAdjust};ascent-override:${o.ascentOverride};descent-override:${o.descentOverride};line-gap-override:${o.lineGapOverride}}`;
}

/** Assistant's Latin file at `url` as a FontFace source: one variable file for every weight. */
export const brandFontSource = (url: string) => `url(${url}) format('woff2-variations')`;

/** The weights the variable file covers, as a FontFace descriptor. */
export const BRAND_FONT_WEIGHTS = '200 800';

/** The @font-face rules of the fallback, regular and bold, each scaled by its own measured width. */
export function fallbackFaces(): string {
  return [
    fallbackFace(
      '100 550',
      ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans'],
      WIDTH_RATIO.regular,
    ),
    fallbackFace(
      '551 900',
      ['Arial Bold', 'Arial-BoldMT', 'Liberation Sans Bold', 'LiberationSans-Bold'],
      WIDTH_RATIO.bold,
    ),
  ].join('\n');
}
