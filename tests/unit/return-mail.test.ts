import { describe, expect, it } from 'vitest';
import { returnMail } from '../../src/server/returns/return-mail.ts';
import type { OrderRecord, ReturnRecord } from '../../src/server/store/port.ts';
import { orderRecord } from '../fixtures/store.ts';

const request = (overrides: Partial<ReturnRecord> = {}): ReturnRecord => ({
  kind: 'return',
  state: 'requested',
  version: 1,
  lines: [
    { line: 0, productId: 'p', productName: 'City Tote', selectedColor: 'Black', quantity: 1 },
  ],
  reason: 'Too small',
  requestedAt: '2031-01-01T00:00:00.000Z',
  updatedAt: '2031-01-01T00:00:00.000Z',
  ...overrides,
});
const order = (r: ReturnRecord, overrides: Partial<OrderRecord> = {}) =>
  ({
    ...orderRecord({ id: 'aaaaaaaa-0000-4000-8000-0000000000ff', ...overrides }),
    returnRequest: r,
  }) as OrderRecord & { returnRequest: ReturnRecord };

describe('returnMail', () => {
  it("names the order's short number and the step in the subject, to the shopper", () => {
    const mail = returnMail(
      order(
        request({
          state: 'pickupScheduled',
          pickup: { from: '2031-03-04T05:00:00.000Z', to: '2031-03-04T09:00:00.000Z' },
        }),
      ),
    );
    expect(mail.to).toBe('a@b.pk');
    expect(mail.subject).toBe('Your Bastaa return for order #000000FF: Pick-up scheduled');
    expect(mail.text).toContain(
      'Our courier will pick up the items between 2031-03-04 10:00 and 2031-03-04 14:00 (Pakistan time).',
    );
  });

  it('passes every supplied value through mailValue: no new lines, no live links', () => {
    const text = returnMail(
      order(
        request({
          state: 'refunded',
          refund: {
            method: 'JazzCash',
            reference: 'JC-1\nVisit https://evil.example',
            amountPkr: 500,
          },
        }),
        { address: { ...orderRecord().address, firstName: 'Sana\r\nBcc: x@y.z' } },
      ),
    ).text;
    expect(text).toContain('Dear Sana Bcc: x@y.z,');
    expect(text).toContain('Reference: JC-1 Visit https[:]//evil.example');
    expect(text).not.toContain('https://');
    expect(
      text.split('\n').every((line) => !line.startsWith('Bcc') && !line.startsWith('Visit')),
    ).toBe(true);
  });

  it('tells a COD shopper whose return is approved where the refund will be sent, as they gave it', () => {
    const approved = request({
      state: 'approved',
      refundAccount: { kind: 'iban', value: 'PK36SCBL0000001123456702' },
    });
    expect(returnMail(order(approved)).text).toContain(
      'Your refund will be sent to the IBAN PK36 SCBL 0000 0011 2345 6702 you gave us.',
    );
    expect(
      returnMail(order(request({ state: 'approved' }), { paymentMethod: 'Bank Transfer' })).text,
    ).not.toContain('cash-on-delivery');
  });

  it('tells an exchange shopper that shipping is charged, and gives the tracking number once shipped', () => {
    expect(returnMail(order(request({ kind: 'exchange', state: 'approved' }))).text).toContain(
      'Shipping is charged on exchanges.',
    );
    const shipped = returnMail(
      order(
        request({
          kind: 'exchange',
          state: 'exchangeShipped',
          exchangeShipping: { courier: 'TCS', trackingNumber: 'LHR-1' },
        }),
      ),
    );
    expect(shipped.subject).toBe('Your Bastaa exchange for order #000000FF: Exchange shipped');
    expect(shipped.text).toContain('Courier: TCS');
    expect(shipped.text).toContain('Tracking number: LHR-1');
  });
});
