import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fromFile } from '@capsizecss/unpack/fs';
import { describe, expect, it } from 'vitest';
import {
  ASSISTANT_METRICS,
  brandFontFaces,
  fallbackOverrides,
  LATIN_RANGE,
  WIDTH_RATIO,
} from '../../src/lib/brand-font.ts';

const require = createRequire(import.meta.url);
const fontFile =
  require.resolve('@fontsource-variable/assistant/files/assistant-latin-wght-normal.woff2');

describe('ASSISTANT_METRICS', () => {
  it('are the vertical metrics of the installed Latin file', async () => {
    const read = await fromFile(fontFile);
    expect({
      unitsPerEm: read.unitsPerEm,
      ascent: read.ascent,
      descent: read.descent,
      lineGap: read.lineGap,
    }).toEqual(ASSISTANT_METRICS);
  });
});

describe('LATIN_RANGE', () => {
  it("is the package's own range for the Latin file", () => {
    const css = readFileSync(require.resolve('@fontsource-variable/assistant/wght.css'), 'utf8');
    const latin = css.slice(css.indexOf('assistant-latin-wght-normal */'));
    expect(latin).toContain(`unicode-range: ${LATIN_RANGE};`);
  });
});

describe('fallbackOverrides', () => {
  it("scales the fallback to Assistant's width and gives it Assistant's ascent and descent", () => {
    expect(fallbackOverrides(WIDTH_RATIO.regular)).toEqual({
      sizeAdjust: '91.92%',
      ascentOverride: '111.07%',
      descentOverride: '31.22%',
      lineGapOverride: '0.00%',
    });
  });
});

describe('brandFontFaces', () => {
  const css = brandFontFaces('/_astro/assistant.woff2');
  it('declares the one variable file for every weight, swapped in when it arrives', () => {
    expect(css).toContain(
      "font-family:'Assistant Variable';font-style:normal;font-display:swap;font-weight:200 800;src:url(/_astro/assistant.woff2) format('woff2-variations')",
    );
  });
  it('declares a regular and a bold fallback, each scaled by its own measured width', () => {
    expect(css).toContain(
      "font-family:'Assistant Fallback';font-weight:100 550;src:local('Arial'),local('ArialMT'),local('Liberation Sans'),local('LiberationSans');size-adjust:91.92%",
    );
    expect(css).toContain(
      "font-family:'Assistant Fallback';font-weight:551 900;src:local('Arial Bold'),local('Arial-BoldMT'),local('Liberation Sans Bold'),local('LiberationSans-Bold');size-adjust:90.13%",
    );
  });
});
