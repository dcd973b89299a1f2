import { createRequire } from 'node:module';
import { fromFile } from '@capsizecss/unpack/fs';
import { describe, expect, it } from 'vitest';
import {
  ASSISTANT_METRICS,
  brandFontSource,
  fallbackFaces,
  fallbackOverrides,
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

describe('brandFontSource', () => {
  it('names the one variable file for every weight', () => {
    expect(brandFontSource('/_astro/assistant.woff2')).toBe(
      "url(/_astro/assistant.woff2) format('woff2-variations')",
    );
  });
});

describe('fallbackFaces', () => {
  const css = fallbackFaces();
  it('declares a regular and a bold fallback, each scaled by its own measured width', () => {
    expect(css).toContain(
      "font-family:'Assistant Fallback';font-weight:100 550;src:local('Arial'),local('ArialMT'),local('Liberation Sans'),local('LiberationSans');size-adjust:91.92%",
    );
    expect(css).toContain(
      "font-family:'Assistant Fallback';font-weight:551 900;src:local('Arial Bold'),local('Arial-BoldMT'),local('Liberation Sans Bold'),local('LiberationSans-Bold');size-adjust:90.13%",
    );
  });
});
