// Lighthouse (mobile defaults) in Debian's Chromium against a running shop: median of N runs.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../tests/fixtures/chromium.ts';

export interface LighthouseRow {
  page: string;
  url: string;
  runs: number;
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  error?: string;
}

const median = (xs: (number | null)[]) => {
  const v = xs.filter((x): x is number => typeof x === 'number').sort((a, b) => a - b);
  if (v.length === 0) return null;
  const m = Math.floor(v.length / 2);
  return v.length % 2 ? v[m]! : (v[m - 1]! + v[m]!) / 2;
};

export async function runLighthouse(
  pages: { page: string; url: string }[],
  runs: number,
): Promise<LighthouseRow[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: 'silent',
  });
  const rows: LighthouseRow[] = [];
  try {
    for (const { page, url } of pages) {
      const samples: Record<string, number | null>[] = [];
      let error: string | undefined;
      // A run Lighthouse cannot record (NO_NAVSTART, seen under load) is replaced by another, at
      // most two, as in the desk's bench: the median is of `runs` recorded runs.
      for (let attempt = 0; samples.length < runs && attempt < runs + 2; attempt++) {
        try {
          const result = await lighthouse(url, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          });
          const lhr = result?.lhr;
          if (!lhr) throw new Error('no result');
          if (lhr.runtimeError) throw new Error(lhr.runtimeError.message);
          const score = (k: string) =>
            lhr.categories[k]?.score == null ? null : Math.round(lhr.categories[k]!.score! * 100);
          const num = (k: string) => (lhr.audits[k]?.numericValue ?? null) as number | null;
          samples.push({
            performance: score('performance'),
            accessibility: score('accessibility'),
            bestPractices: score('best-practices'),
            seo: score('seo'),
            lcpMs: num('largest-contentful-paint'),
            tbtMs: num('total-blocking-time'),
            cls: num('cumulative-layout-shift'),
          });
        } catch (e) {
          error = String((e as Error).message ?? e).slice(0, 200);
        }
      }
      const pick = (k: string) => median(samples.map((s) => s[k] ?? null));
      const round = (x: number | null, d = 0) => (x == null ? null : Number(x.toFixed(d)));
      rows.push({
        page,
        url,
        runs: samples.length,
        performance: pick('performance'),
        accessibility: pick('accessibility'),
        bestPractices: pick('bestPractices'),
        seo: pick('seo'),
        lcpMs: round(pick('lcpMs')),
        tbtMs: round(pick('tbtMs')),
        cls: round(pick('cls'), 3),
        ...(error && samples.length === 0 ? { error } : {}),
      });
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}
