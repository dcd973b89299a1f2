import type { Category, Product } from './product.ts';

/** The product fields search reads (a grid's card products carry them too). */
export type Searchable = Pick<Product, 'productName' | 'maker' | 'colors' | 'category'>;

/**
 * The words a category answers to beside the product's own: its heading's words, singular and
 * plural, and the spellings shoppers use ("backpack" for the shop's "bagpack"; "bag" for handbags,
 * so "laptop bag" finds handbags and bagpacks).
 */
export const CATEGORY_WORDS: Readonly<Record<Category, string>> = {
  handbags: 'laptop handbags handbag bags bag',
  bagpacks: 'laptop bagpacks bagpack backpacks backpack',
  sleeves: 'laptop sleeves sleeve',
};

/** Characters of a query that search reads; the rest of a pasted essay is ignored. */
export const QUERY_MAX_CHARS = 200;

/** The words of a text: runs of letters and digits, in lower case, accents dropped. */
export function searchWords(text: string): string[] {
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** Typing slips forgiven in a word: none up to 3 letters, one from 4, two from 8. */
export function allowedEdits(word: string): number {
  return word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0;
}

/**
 * True when `a` becomes `b` in at most `k` edits (insert, delete or change a letter, or swap two
 * neighbours: the optimal-string-alignment distance). Written here rather than taken from a
 * library because it stops at the first row past `k` (a 2,000-letter word costs nothing) and
 * counts a swap as one slip, which the common Levenshtein libraries count as two.
 */
export function withinEdits(a: string, b: string, k: number): boolean {
  if (Math.abs(a.length - b.length) > k) return false;
  let before: number[] = [];
  let above = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let least = i;
    for (let j = 1; j <= b.length; j++) {
      let d = Math.min(
        above[j]! + 1,
        row[j - 1]! + 1,
        above[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, before[j - 2]! + 1);
      row.push(d);
      if (d < least) least = d;
    }
    // No later row can come back under k once a whole row is past it.
    if (least > k) return false;
    before = above;
    above = row;
  }
  return above[b.length]! <= k;
}

/** How a query word meets a list of words: 0 a word starts with it, 1 within a slip, 2 not at all. */
function meet(word: string, words: readonly string[]): 0 | 1 | 2 {
  const k = allowedEdits(word);
  let found: 1 | 2 = 2;
  for (const w of words) {
    if (w.startsWith(word)) return 0;
    if (found === 2 && k > 0 && withinEdits(word, w, k)) found = 1;
  }
  return found;
}

function productWords(p: Searchable): { name: string[]; rest: string[] } {
  return {
    name: searchWords(p.productName),
    rest: searchWords(`${p.maker} ${p.colors.join(' ')} ${CATEGORY_WORDS[p.category]}`),
  };
}

/**
 * The rank of a product for query words (lower is better), or -1 when some word finds nothing in
 * it: each word must start a word of its name, maker, colours or category, or be a slip away from
 * one. Exact words rank before slips, and within those, words of the name before the others.
 */
function rank(p: Searchable, words: readonly string[]): number {
  const { name, rest } = productWords(p);
  let slips = 0;
  let offName = 0;
  for (const word of words) {
    const inName = meet(word, name);
    if (inName === 0) continue;
    const inRest = meet(word, rest);
    if (inRest === 0) offName += 1;
    else if (inName === 1) slips += 1;
    else if (inRest === 1) {
      slips += 1;
      offName += 1;
    } else return -1;
  }
  return slips * (words.length + 1) + offName;
}

/**
 * Every product that every word of the query finds (case, accents and one slip in a word of 4+
 * letters, two in 8+, forgiven), best first, ties in catalogue order; a query without a word finds
 * nothing.
 */
export function searchProducts<T extends Searchable>(list: readonly T[], query: string): T[] {
  const words = searchWords(query.slice(0, QUERY_MAX_CHARS));
  if (words.length === 0) return [];
  return list
    .map((product) => ({ product, rank: rank(product, words) }))
    .filter((r) => r.rank >= 0)
    .sort((a, b) => a.rank - b.rank)
    .map((r) => r.product);
}

/**
 * Completions of the word being typed, each as the whole query it makes ('Black lea' →
 * 'Black leather'), most products first: words of the names, makers, colours and categories of
 * the products the words before it find, so every suggestion finds at least one product.
 */
export function searchSuggestions(list: readonly Searchable[], query: string, limit = 4): string[] {
  const typed = query.slice(0, QUERY_MAX_CHARS).trimEnd();
  const tail = /[\p{L}\p{N}\p{M}]+$/u.exec(typed);
  const last = tail ? searchWords(tail[0])[0] : undefined;
  if (!tail || !last) return [];
  const head = typed.slice(0, tail.index).trimStart().replace(/\s+/g, ' ');
  const before = new Set(searchWords(head));
  const found = before.size > 0 ? searchProducts(list, head) : list;
  const counts = new Map<string, number>();
  for (const p of found) {
    const { name, rest } = productWords(p);
    for (const w of new Set([...name, ...rest])) {
      // Nothing new: the word typed, or it with an s (which the word typed already finds).
      if (w.length < 3 || !w.startsWith(last) || w === last || w === `${last}s`) continue;
      if (!before.has(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
    }
  }
  // A plural beside its singular adds nothing: the singular starts it, so it finds the same.
  for (const w of counts.keys())
    if (w.endsWith('s') && counts.has(w.slice(0, -1))) counts.delete(w);
  return [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, Math.max(0, limit))
    .map(([w]) => head + w);
}

/** Characters of the query the results page's heading repeats; a longer one ends in "…". */
export const HEADING_QUERY_CHARS = 80;

/** The results page's heading: 'Search results for "maroon"'; plain 'Search results' for no query. */
export function searchHeading(query: string): string {
  const q = query.trim().replace(/\s+/g, ' ');
  if (!q) return 'Search results';
  const chars = [...q];
  const shown =
    chars.length > HEADING_QUERY_CHARS ? `${chars.slice(0, HEADING_QUERY_CHARS).join('')}…` : q;
  return `Search results for "${shown}"`;
}
