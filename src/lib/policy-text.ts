import { POLICY_FIGURES, POLICY_TEXT } from './policy.ts';
import { SHOP } from './shop-info.ts';
import {
  DEFAULT_SETTINGS,
  messagingLink,
  whatsappDisplay,
  type ShopSettings,
} from './shop-settings.ts';

/** Every value a `{{name}}` placeholder may stand for, with the shop's settings as given. */
export function placeholdersFor(settings: ShopSettings): Readonly<Record<string, string>> {
  const { open, closed } = settings.supportHours;
  return {
    ...POLICY_FIGURES,
    ...POLICY_TEXT,
    shopName: SHOP.name,
    legalName: SHOP.legalName,
    shopAddress: SHOP.address,
    shopCity: SHOP.city,
    shopEmail: settings.supportEmail,
    whatsappNumber: whatsappDisplay(settings),
    messagingLink: messagingLink(settings),
    siteDomain: new URL(SHOP.siteUrl).host,
    supportHours: `${open}; ${closed.charAt(0).toLowerCase()}${closed.slice(1)}`,
  };
}

/** Every value a `{{name}}` placeholder in the FAQ and legal Markdown may stand for (default settings). */
export const PLACEHOLDERS: Readonly<Record<string, string>> = placeholdersFor(DEFAULT_SETTINGS);

const PLACEHOLDER = /\{\{\s*([A-Za-z][\w]*)\s*\}\}/g;

/** Escapes text for HTML element content and double-quoted attributes. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Replaces each `{{name}}` with its policy or shop value; throws on a name it does not know.
 * @example fillPolicy('Returns within {{returnWindow}}.') // 'Returns within 7 days.'
 */
export function fillPolicy(
  text: string,
  encode: (value: string) => string = (v) => v,
  settings: ShopSettings = DEFAULT_SETTINGS,
): string {
  const values = settings === DEFAULT_SETTINGS ? PLACEHOLDERS : placeholdersFor(settings);
  return text.replace(PLACEHOLDER, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Unknown policy placeholder {{${name}}}`);
    return encode(value);
  });
}

/** `fillPolicy` for rendered HTML: values are escaped before they are inserted. */
export const fillPolicyHtml = (html: string, settings: ShopSettings = DEFAULT_SETTINGS): string =>
  fillPolicy(html, escapeHtml, settings);

/** One `<h2>` of rendered Markdown and the HTML that follows it up to the next `<h2>`. */
export interface HtmlSection {
  id: string;
  /** The heading's inner HTML. */
  title: string;
  /** Everything after the heading, up to the next h2. */
  body: string;
}

const H2 = /<h2(?:\s+id="([^"]*)")?[^>]*>([\s\S]*?)<\/h2>/g;

/** Splits rendered Markdown at its h2 headings: the text before the first one, then each section. */
export function splitSections(html: string): { intro: string; sections: HtmlSection[] } {
  const matches = [...html.matchAll(H2)];
  const intro = html.slice(0, matches[0]?.index ?? html.length).trim();
  const sections = matches.map((m, i) => {
    const start = (m.index ?? 0) + m[0].length;
    const end = matches[i + 1]?.index ?? html.length;
    return { id: m[1] ?? '', title: m[2]?.trim() ?? '', body: html.slice(start, end).trim() };
  });
  return { intro, sections };
}
