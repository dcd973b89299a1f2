import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { POLICY_FIGURES, POLICY_TEXT, joinNames, numberWord, span } from '../../src/lib/policy.ts';
import {
  PLACEHOLDERS,
  escapeHtml,
  fillPolicy,
  fillPolicyHtml,
  splitSections,
} from '../../src/lib/policy-text.ts';
import { SHOP, SUPPORT_HOURS } from '../../src/lib/shop-info.ts';
import { deliveryFee } from '../../src/lib/delivery.ts';
import { unitPrice } from '../../src/lib/pricing.ts';

const FAQ_TOPICS = ['products', 'orders', 'returns', 'payments', 'delivery'] as const;
type Topic = (typeof FAQ_TOPICS)[number];

/** The Markdown body of a content file, without its frontmatter. */
const readBody = (path: string): string =>
  readFileSync(new URL(`../../src/content/${path}`, import.meta.url), 'utf8').replace(
    /^---\n[\s\S]*?\n---\n/,
    '',
  );

/** The text a shopper reads on a topic page: placeholders filled, Markdown emphasis removed. */
const faqText = (topic: Topic): string =>
  fillPolicy(readBody(`faq/${topic}.md`)).replace(/\*\*/g, '');

describe('policy sentences', () => {
  it('states the wholesale threshold the price rule applies', () => {
    const product = { price: 2000, discountPercent: 10, wholesalePrice: 1500 };
    const threshold = Number(/buy (\d+) or more/.exec(POLICY_TEXT.wholesale)?.[1]);
    expect(threshold).toBe(50);
    expect(unitPrice(product, threshold)).toBe(1500);
    expect(unitPrice(product, threshold - 1)).toBe(1800);
  });

  it('states the delivery fee the checkout charges to Pakistan', () => {
    expect(POLICY_TEXT.pakistanShipping).toBe('Shipping to Pakistan costs 250 PKR.');
    expect(deliveryFee('PKR', { PKR: 1 })).toBe(250);
  });

  it('builds the ready-made sentences from the docs/product.md §9 figures', () => {
    expect(POLICY_TEXT.dispatch).toContain('24–48 hours');
    expect(POLICY_TEXT.deliveryAttempts).toContain('three attempts');
    expect(POLICY_TEXT.bundleNotReturnable).toContain('B2G1');
    expect(POLICY_TEXT.wholesale).toContain('50+ units');
    expect(POLICY_TEXT.payments).toContain('Visa and Mastercard');
    expect(POLICY_TEXT.payments).toContain('JazzCash and EasyPaisa');
  });

  it('writes ranges with an en dash and small counts in words', () => {
    expect(span({ min: 2, max: 7 }, 'business days')).toBe('2–7 business days');
    expect(numberWord(3)).toBe('three');
    expect(numberWord(12)).toBe('12');
    expect(joinNames(['A', 'B', 'C'])).toBe('A, B and C');
    expect(joinNames(['A'])).toBe('A');
  });
});

describe('fillPolicy', () => {
  it('replaces a placeholder with its figure or sentence', () => {
    expect(fillPolicy('Within {{returnWindow}}.')).toBe('Within 7 days.');
    expect(fillPolicy('{{ cancel }}')).toBe(POLICY_TEXT.cancel);
  });

  it('fills the shop contacts and hours', () => {
    expect(fillPolicy('{{shopEmail}}')).toBe(SHOP.email);
    expect(fillPolicy('{{supportHours}}')).toBe(
      'Monday to Saturday, 24 hours; closed Sunday and public holidays',
    );
    expect(fillPolicy('{{supportHours}}')).toContain(SUPPORT_HOURS.open);
  });

  it('throws on an unknown placeholder', () => {
    expect(() => fillPolicy('Ships in {{shipDays}}')).toThrow(
      'Unknown policy placeholder {{shipDays}}',
    );
  });

  it('leaves text without placeholders and single braces untouched', () => {
    expect(fillPolicy('userSettings_{email}')).toBe('userSettings_{email}');
  });

  it('escapes values when filling HTML', () => {
    expect(escapeHtml('<a & "b">')).toBe('&#60;a &#38; &#34;b&#34;&#62;');
    expect(fillPolicyHtml('<p>{{shopName}}</p>')).toBe(`<p>${SHOP.name}</p>`);
  });

  it('resolves every placeholder used in the FAQ and legal Markdown', () => {
    const files = [
      ...FAQ_TOPICS.map((t) => `faq/${t}.md`),
      'legal/privacy-policy.md',
      'legal/terms-of-service.md',
    ];
    for (const file of files) {
      const body = readBody(file);
      expect(() => fillPolicy(body), file).not.toThrow();
      expect(fillPolicy(body), file).not.toMatch(/\{\{|\}\}/);
    }
  });

  it('offers no placeholder whose value is empty', () => {
    for (const [name, value] of Object.entries(PLACEHOLDERS)) expect(value, name).not.toBe('');
  });
});

describe('splitSections', () => {
  it('splits rendered Markdown into an intro and one section per h2', () => {
    const html =
      '<p>Intro</p>\n<h2 id="a">A?</h2>\n<p>one</p>\n<h2 id="b">B?</h2>\n<p>two</p><h3>x</h3>';
    expect(splitSections(html)).toEqual({
      intro: '<p>Intro</p>',
      sections: [
        { id: 'a', title: 'A?', body: '<p>one</p>' },
        { id: 'b', title: 'B?', body: '<p>two</p><h3>x</h3>' },
      ],
    });
  });

  it('returns everything as intro when there is no h2', () => {
    expect(splitSections('<p>only</p>')).toEqual({ intro: '<p>only</p>', sections: [] });
  });
});

/** Each docs/product.md §9 figure, the words that state it (built from the constants) and where shoppers look. */
const FIGURES: { figure: string; text: string; topics: Topic[] }[] = [
  { figure: 'dispatch in 24–48 hours', text: POLICY_TEXT.dispatch, topics: ['orders', 'delivery'] },
  {
    figure: 'most Pakistani orders within 24 h',
    text: POLICY_TEXT.pakistanDispatch,
    topics: ['orders', 'delivery'],
  },
  { figure: 'delivery in 2–7 business days', text: POLICY_TEXT.delivery, topics: ['delivery'] },
  {
    figure: 'confirmation e-mail within 15 minutes',
    text: POLICY_TEXT.confirmationEmail,
    topics: ['orders'],
  },
  { figure: 'cancel within 30 minutes', text: POLICY_TEXT.cancel, topics: ['orders'] },
  { figure: 'returns and exchanges within 7 days', text: POLICY_TEXT.returns, topics: ['returns'] },
  {
    figure: 'defects within 48 hours, unboxing video',
    text: POLICY_TEXT.defects,
    topics: ['returns'],
  },
  { figure: 'replacement within 7 days', text: POLICY_TEXT.replacement, topics: ['returns'] },
  { figure: 'pick-up within 24–48 hours', text: POLICY_TEXT.pickup, topics: ['returns'] },
  {
    figure: 'refund 7 business days (3–7 working), after 48–72 h',
    text: POLICY_TEXT.refund,
    topics: ['returns', 'payments'],
  },
  {
    figure: 'returns and refunds for Pakistan only',
    text: POLICY_TEXT.pakistanOnly,
    topics: ['returns'],
  },
  { figure: 'exchanges charge shipping', text: POLICY_TEXT.exchangeShipping, topics: ['returns'] },
  {
    figure: 'COD returns use a link sent to the mobile',
    text: POLICY_TEXT.codReturn,
    topics: ['returns'],
  },
  { figure: 'three delivery attempts', text: POLICY_TEXT.deliveryAttempts, topics: ['delivery'] },
  { figure: 'no customisation', text: POLICY_TEXT.noCustomisation, topics: ['products'] },
  {
    figure: 'B2G1 items not returnable',
    text: POLICY_TEXT.bundleNotReturnable,
    topics: ['products', 'returns'],
  },
  { figure: 'extra savings on 50+ units', text: POLICY_TEXT.wholesale, topics: ['products'] },
  {
    figure: 'shipping to Pakistan 250 PKR',
    text: POLICY_TEXT.pakistanShipping,
    topics: ['delivery'],
  },
  {
    figure: 'Visa, Mastercard, COD by messaging, two wallets',
    text: POLICY_TEXT.payments,
    topics: ['payments'],
  },
  {
    figure: 'other currencies by Bank Transfer',
    text: POLICY_TEXT.otherCurrencies,
    topics: ['payments'],
  },
];

describe('the FAQ content', () => {
  for (const { figure, text, topics } of FIGURES) {
    it(`states "${figure}" on ${topics.join(' and ')}`, () => {
      for (const topic of topics) expect(faqText(topic), topic).toContain(text);
    });
  }

  it('states the docs/product.md §9 figures', () => {
    const all = FAQ_TOPICS.map(faqText).join('\n');
    expect(all).toContain('250 PKR');
    expect(all).toContain('7 days of delivery');
    expect(all).toContain('48–72 hours after pick-up');
    expect(all).toContain('15 minutes');
    expect(all).toContain('30 minutes');
  });

  it('writes no figure literally: every number comes from a placeholder', () => {
    for (const topic of FAQ_TOPICS) expect(readBody(`faq/${topic}.md`), topic).not.toMatch(/\d/);
  });

  it('asks each question as an h2 ending in a question mark', () => {
    for (const topic of FAQ_TOPICS) {
      const questions = readBody(`faq/${topic}.md`).match(/^## .+$/gm) ?? [];
      expect(questions.length, topic).toBeGreaterThanOrEqual(5);
      for (const q of questions) expect(q, topic).toMatch(/\?$/);
    }
  });
});

describe('the legal content', () => {
  const terms = readBody('legal/terms-of-service.md');
  const privacy = readBody('legal/privacy-policy.md');

  it('numbers exactly 20 sections in the terms, in order', () => {
    const numbers = (terms.match(/^## (\d+)\. /gm) ?? []).map((h) => Number(h.slice(3, -2)));
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(terms.match(/^## /gm)).toHaveLength(20);
  });

  it('writes no figure literally outside the section numbers', () => {
    for (const body of [terms, privacy])
      expect(body.replace(/^## \d+\. /gm, '## ')).not.toMatch(/\d/);
  });

  it('states the return, refund, cancel and delivery terms from the constants', () => {
    const text = fillPolicy(terms);
    for (const key of [
      'returns',
      'refund',
      'cancel',
      'dispatch',
      'delivery',
      'pakistanShipping',
      'payments',
    ] as const) {
      expect(text, key).toContain(POLICY_TEXT[key]);
    }
    expect(text).toContain(SHOP.legalName);
  });

  it('tells shoppers what the privacy policy keeps', () => {
    const text = fillPolicy(privacy);
    for (const words of [
      'Account',
      'Orders',
      'Addresses',
      'Google',
      'one-time codes',
      'do not store card data',
    ]) {
      expect(text).toContain(words);
    }
    for (const key of [
      'token',
      'email',
      'name',
      'selectedCountry',
      'userSettings_{email}',
      'highlightAllTrackOrder',
    ]) {
      expect(text).toContain(`\`${key}\``);
    }
    expect(text).toContain(SHOP.address);
  });
});

describe('POLICY_FIGURES', () => {
  it('gives every figure phrase a placeholder', () => {
    for (const key of Object.keys(POLICY_FIGURES)) expect(PLACEHOLDERS[key]).toBeDefined();
  });
});
