// The one money convention (src/lib/orders/money.ts), as properties over random carts, random rates
// and every currency of the countries table: a line is its shown unit price × its quantity exactly,
// the lines shown add up to the subtotal shown, and the page, the stored order and the mail agree
// line by line.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNTRY_GROUPS } from '../../src/lib/countries.ts';
import { orderAmounts, summaryAmounts } from '../../src/lib/delivery.ts';
import {
  convertAmount,
  currencyDigits,
  currencySymbol,
  formatMoney,
  toMinorUnits,
} from '../../src/lib/money.ts';
import {
  convertLines,
  linesSubtotal,
  orderTotalPkr,
  quantityTimesUnit,
} from '../../src/lib/orders/money.ts';
import { orderLineAmounts, orderLinePrices } from '../../src/lib/orders/order-lines.ts';
import { confirmationMail } from '../../src/server/orders/order-mail.ts';
import { showPrice } from '../../src/stores/currency.ts';
import { showLineTotal, showLinesTotal } from '../../src/stores/line-prices.ts';
import { orderRecord } from '../fixtures/store.ts';

/** Every currency a shopper can be shown prices in: the countries table's, and the shop's own. */
const CURRENCIES = [
  ...new Set(['PKR', ...COUNTRY_GROUPS.flatMap((g) => g.countries.map((c) => c.currency))]),
];

/** A cart's priced lines: 1 to 12 lines of a PKR unit price up to ₨500,000 times 1 to 100. */
const cartLines = fc.array(
  fc.record({
    unitPrice: fc.integer({ min: 1, max: 500_000 }),
    quantity: fc.integer({ min: 1, max: 100 }),
  }),
  { minLength: 1, maxLength: 12 },
);

/** The currencies the issue names: whole rupees, cents, fils of 2 and 3 digits, and whole yen. */
const namedCurrencies = fc.constantFrom('PKR', 'GBP', 'AED', 'JPY', 'KWD');

/** A rate in units of the currency per rupee, from a strong currency's (KWD 0.0011) to a weak one's. */
const rates = fc.double({ min: 0.0001, max: 500, noNaN: true, noDefaultInfinity: true });

const currencies = fc.constantFrom(...CURRENCIES);

const shown = (code: string, rate: number) => ({
  code,
  rate,
  symbol: currencySymbol(code),
  digits: currencyDigits(code),
});

describe('the countries table', () => {
  it('names currencies of 0, 2 and 3 minor digits, so the properties cover each kind', () => {
    const digits = new Set(CURRENCIES.map(currencyDigits));
    expect([...digits].sort()).toEqual([0, 2, 3]);
  });
});

describe('convertLines and linesSubtotal', () => {
  it('makes each line exactly its shown unit price × its quantity, in whole minor units', () => {
    for (const code of [currencies, namedCurrencies])
      fc.assert(
        fc.property(cartLines, rates, code, (lines, rate, code) => {
          const converted = convertLines(lines, rate, code);
          for (const [i, line] of converted.entries()) {
            const unit = convertAmount(lines[i]!.unitPrice, rate, code);
            expect(toMinorUnits(line, code)).toBe(toMinorUnits(unit, code) * lines[i]!.quantity);
          }
        }),
        { numRuns: 300 },
      );
  });

  it('makes the subtotal exactly the sum of the lines, in whole minor units, in every currency', () => {
    fc.assert(
      fc.property(cartLines, rates, currencies, (lines, rate, code) => {
        const converted = convertLines(lines, rate, code);
        const minorSum = converted.reduce((sum, line) => sum + toMinorUnits(line, code), 0);
        expect(toMinorUnits(linesSubtotal(lines, rate, code), code)).toBe(minorSum);
      }),
      { numRuns: 500 },
    );
  });

  it('makes 30 × AED 72.43 AED 2,172.90, where the converted rupee line would say AED 2,172.98', () => {
    const line = { unitPrice: 5500, quantity: 30 };
    expect(convertAmount(5500, 0.0131696, 'AED')).toBe(72.43);
    expect(convertLines([line], 0.0131696, 'AED')).toEqual([2172.9]);
    expect(convertAmount(5500 * 30, 0.0131696, 'AED')).toBe(2172.98);
  });

  it('keeps 3 × KWD 1.485 at KWD 4.455 and 7 × ¥2,100 at ¥14,700', () => {
    expect(convertLines([{ unitPrice: 1350, quantity: 3 }], 0.0011, 'KWD')).toEqual([4.455]);
    expect(convertLines([{ unitPrice: 3889, quantity: 7 }], 0.54, 'JPY')).toEqual([14700]);
  });

  it('adds ¥3,027 and ¥2,283 to ¥5,310 where the converted rupee sum would say ¥5,309', () => {
    const lines = [
      { unitPrice: 5605, quantity: 1 },
      { unitPrice: 4227, quantity: 1 },
    ];
    expect(convertLines(lines, 0.54, 'JPY')).toEqual([3027, 2283]);
    expect(linesSubtotal(lines, 0.54, 'JPY')).toBe(5310);
    expect(convertAmount(5605 + 4227, 0.54, 'JPY')).toBe(5309);
  });
});

describe('the page, the order and the mail', () => {
  it('show the same lines, and lines that add up to the subtotal and the total, in every currency', () => {
    fc.assert(
      fc.property(cartLines, rates, currencies, (lines, anyRate, code) => {
        // Rupees are always shown at rate 1.
        const rate = code === 'PKR' ? 1 : anyRate;
        const currency = shown(code, rate);
        const page = summaryAmounts(lines, currency, { USD: 0.0036, [code]: rate });
        const order = orderAmounts(lines, code, { USD: 0.0036, [code]: rate });
        // The page: each line's price, and the subtotal the cart panel and the summary show.
        const pageLines = lines.map((line) => showLineTotal(line, currency));
        // Each line charged is the unit price the page shows × the quantity, to the minor unit.
        for (const [i, line] of lines.entries())
          expect(formatMoney(order.lines[i]! / line.quantity, code)).toBe(
            showPrice(line.unitPrice, currency),
          );
        expect(showLinesTotal(lines, currency)).toBe(formatMoney(page.subtotal, code));
        // The server prices the order by the same rule as the page showed it.
        expect(order.lines.map((line) => formatMoney(line, code))).toEqual(pageLines);
        expect(order.subtotal).toBe(page.subtotal);
        expect(toMinorUnits(order.total, code)).toBe(
          toMinorUnits(order.subtotal, code) + toMinorUnits(order.deliveryFee, code),
        );
        // The stored order and its mail: the same lines, the same items figure.
        const stored = orderRecord({
          items: lines.map(({ unitPrice, quantity }, i) => ({
            productId: `p${i}`,
            productName: `Bag ${i}`,
            selectedColor: 'Black',
            imageIndex: '0',
            image: '/p.jpg',
            price: unitPrice,
            discountPercent: 0,
            wholesalePrice: null,
            unitPrice,
            quantity,
            lineTotal: unitPrice * quantity,
          })),
          amountPkr: lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0),
          currency: code,
          rate: order.rate,
          amount: order.subtotal,
          deliveryFee: order.deliveryFee,
          total: order.total,
        });
        expect(orderLineAmounts(stored)).toEqual(order.lines);
        const mail = confirmationMail(stored, { bankDetails: null });
        const mailLines = mail.text.split('\n').filter((l) => l.startsWith('- Bag '));
        // Each mailed line reads as the cart's: its quantity × the unit price shown, then the line.
        expect(mailLines).toEqual(
          lines.map(
            (line, i) =>
              `- Bag ${i} (Black), ${quantityTimesUnit(line.quantity, showPrice(line.unitPrice, currency))}: ${pageLines[i]}`,
          ),
        );
        expect(orderLinePrices(stored)?.map((p) => formatMoney(p.unit, code))).toEqual(
          lines.map((line) => showPrice(line.unitPrice, currency)),
        );
        expect(mail.text).toContain(`Items: ${showLinesTotal(lines, currency)}\n`);
      }),
      { numRuns: 300 },
    );
  });
});

describe('orderLineAmounts', () => {
  it('gives no lines for an order whose items figure is the converted rupee sum', () => {
    const item = (lineTotal: number) => ({ lineTotal, quantity: 1 });
    const old = {
      items: [item(5605), item(4227)],
      rate: 0.54,
      currency: 'JPY',
      amount: 5309,
    };
    expect(orderLineAmounts(old)).toBeNull();
    expect(orderLineAmounts({ ...old, amount: 5310 })).toEqual([3027, 2283]);
  });

  it('gives each line as unit × quantity for an order priced so', () => {
    const order = {
      items: [{ lineTotal: 165000, quantity: 30 }],
      rate: 0.0131696,
      currency: 'AED',
    };
    expect(orderLineAmounts({ ...order, amount: 2172.9 })).toEqual([2172.9]);
  });

  it('still gives the lines of an order priced before, when each rupee line was converted whole', () => {
    const order = {
      items: [{ lineTotal: 165000, quantity: 30 }],
      rate: 0.0131696,
      currency: 'AED',
    };
    expect(orderLineAmounts({ ...order, amount: 2172.98 })).toEqual([2172.98]);
  });

  it('still mails such an old order, with its stored figures and no line amounts', () => {
    const old = orderRecord({
      items: [5605, 4227].map((lineTotal, i) => ({
        productId: `p${i}`,
        productName: `Bag ${i}`,
        selectedColor: 'Black',
        imageIndex: '0',
        image: '/p.jpg',
        price: lineTotal,
        discountPercent: 0,
        wholesalePrice: null,
        unitPrice: lineTotal,
        quantity: 1,
        lineTotal,
      })),
      amountPkr: 9832,
      currency: 'JPY',
      rate: 0.54,
      amount: 5309,
      deliveryFee: 3500,
      total: 8809,
    });
    const text = confirmationMail(old, { bankDetails: null }).text;
    expect(text).toContain('- Bag 0 (Black) x 1\n- Bag 1 (Black) x 1\n');
    expect(text).toContain('Items: ¥5,309\nDelivery: ¥3,500\nTotal: ¥8,809');
  });
});

describe('orderLinePrices', () => {
  it('gives each line the unit it was placed at in the order’s currency, and that unit × the quantity', () => {
    const order = {
      items: [{ lineTotal: 165000, quantity: 30 }],
      rate: 0.0131696,
      currency: 'AED',
    };
    expect(orderLinePrices({ ...order, amount: 2172.9 })).toEqual([
      { unit: 72.43, amount: 2172.9 },
    ]);
  });

  it('gives no unit for an order priced before, when each rupee line was converted whole', () => {
    const order = {
      items: [{ lineTotal: 165000, quantity: 30 }],
      rate: 0.0131696,
      currency: 'AED',
    };
    expect(orderLinePrices({ ...order, amount: 2172.98 })).toBeNull();
  });
});

describe('quantityTimesUnit', () => {
  it('says a line as the cart does: "30 × AED 72.43"', () => {
    expect(quantityTimesUnit(30, 'AED 72.43')).toBe('30 × AED 72.43');
  });
});

describe('orderTotalPkr', () => {
  it('adds the items in PKR and the fee taken back to PKR at the order’s rate', () => {
    expect(orderTotalPkr({ amountPkr: 5400, deliveryFee: 20, rate: 0.0033 })).toBe(11461);
    expect(orderTotalPkr({ amountPkr: 1000, deliveryFee: 250, rate: 0 })).toBe(1250);
  });
});
