import { describe, expect, it } from 'vitest';
import {
  RETURN_MESSAGES,
  RETURN_STATES,
  RETURN_WINDOW_MS,
  canReturnMove,
  checkReturnLines,
  deliveredAt,
  isReturnClosed,
  returnEligibility,
  type ReturnFacts,
} from '../../src/lib/returns/rules.ts';

const DELIVERED = Date.parse('2026-03-02T16:00:00.000Z'); // 21:00 in Karachi
const facts = (overrides: Partial<ReturnFacts> = {}): ReturnFacts => ({
  status: 'Delivered',
  country: 'Pakistan',
  deliveredAt: DELIVERED,
  hasReturn: false,
  ...overrides,
});

describe('returnEligibility', () => {
  it('allows a delivered Pakistan order until exactly 7 × 24 hours after delivery', () => {
    expect(returnEligibility(facts(), DELIVERED + 1000)).toEqual({
      ok: true,
      until: DELIVERED + RETURN_WINDOW_MS,
    });
    expect(returnEligibility(facts(), DELIVERED + RETURN_WINDOW_MS).ok).toBe(true);
  });

  it('refuses on day 8, naming when the window closed in Pakistan time', () => {
    expect(returnEligibility(facts(), DELIVERED + RETURN_WINDOW_MS + 1)).toEqual({
      ok: false,
      reason: 'The 7-day return window for this order closed on 2026-03-09 21:00 (Pakistan time).',
      until: DELIVERED + RETURN_WINDOW_MS,
    });
  });

  it('refuses an order that is not delivered, whatever else holds', () => {
    for (const status of ['Order Placed', 'Packing', 'Out for Delivery', 'Cancelled'] as const)
      expect(returnEligibility(facts({ status }), DELIVERED)).toEqual({
        ok: false,
        reason: 'A return or exchange can be requested once the order has been delivered.',
      });
  });

  it('refuses an order delivered abroad with the policy sentence', () => {
    expect(returnEligibility(facts({ country: 'United Kingdom' }), DELIVERED)).toEqual({
      ok: false,
      reason: 'Returns and refunds are available for orders delivered in Pakistan only.',
    });
  });

  it('accepts the country in any case and spacing', () => {
    expect(returnEligibility(facts({ country: ' pakistan ' }), DELIVERED).ok).toBe(true);
  });

  it('refuses a second request while or after one is made', () => {
    expect(returnEligibility(facts({ hasReturn: true }), DELIVERED)).toEqual({
      ok: false,
      reason: RETURN_MESSAGES.alreadyRequested,
    });
  });

  it('refuses a delivered order whose delivery time was never recorded', () => {
    expect(returnEligibility(facts({ deliveredAt: null }), DELIVERED)).toEqual({
      ok: false,
      reason: RETURN_MESSAGES.noDeliveryTime,
    });
  });
});

describe('canReturnMove', () => {
  it('walks a return from request to refund', () => {
    const path = ['requested', 'approved', 'pickupScheduled', 'received', 'refunded'] as const;
    for (let i = 1; i < path.length; i++)
      expect(canReturnMove('return', path[i - 1]!, path[i]!)).toBe(true);
  });

  it('walks an exchange from request to shipping the new item', () => {
    expect(canReturnMove('exchange', 'received', 'exchangeShipped')).toBe(true);
  });

  it('never refunds an exchange nor ships a return', () => {
    expect(canReturnMove('exchange', 'received', 'refunded')).toBe(false);
    expect(canReturnMove('return', 'received', 'exchangeShipped')).toBe(false);
  });

  it('lets a pick-up be scheduled again, but refuses skipped and backward steps', () => {
    expect(canReturnMove('return', 'pickupScheduled', 'pickupScheduled')).toBe(true);
    expect(canReturnMove('return', 'requested', 'pickupScheduled')).toBe(false);
    expect(canReturnMove('return', 'approved', 'received')).toBe(false);
    expect(canReturnMove('return', 'received', 'approved')).toBe(false);
    expect(canReturnMove('return', 'approved', 'refused')).toBe(false);
  });

  it('moves nothing out of refused, refunded or exchange shipped', () => {
    for (const from of ['refused', 'refunded', 'exchangeShipped'] as const) {
      expect(isReturnClosed(from)).toBe(true);
      for (const to of RETURN_STATES) {
        expect(canReturnMove('return', from, to)).toBe(false);
        expect(canReturnMove('exchange', from, to)).toBe(false);
      }
    }
  });
});

describe('checkReturnLines', () => {
  const ordered = [
    { productName: 'City Tote', quantity: 2 },
    { productName: 'Laptop Sleeve', quantity: 1 },
  ];

  it('accepts lines of the order up to the quantity ordered', () => {
    expect(
      checkReturnLines(ordered, [
        { line: 0, quantity: 2 },
        { line: 1, quantity: 1 },
      ]),
    ).toBe(null);
  });

  it('refuses more than was ordered, naming the item and the quantity', () => {
    expect(checkReturnLines(ordered, [{ line: 0, quantity: 3 }])).toBe(
      'You ordered 2 of City Tote: you cannot send back more than that.',
    );
  });

  it('refuses a line the order does not have, a line chosen twice, and no line at all', () => {
    expect(checkReturnLines(ordered, [{ line: 2, quantity: 1 }])).toBe(
      'One of the chosen items is not in this order.',
    );
    expect(
      checkReturnLines(ordered, [
        { line: 0, quantity: 1 },
        { line: 0, quantity: 1 },
      ]),
    ).toBe('Each item may be chosen only once.');
    expect(checkReturnLines(ordered, [])).toBe(
      'Please choose at least one item to return or exchange.',
    );
  });
});

describe('deliveredAt', () => {
  it('is the first recorded move to Delivered, not a later return step', () => {
    expect(
      deliveredAt([
        { at: '2026-03-01T10:00:00.000Z', to: 'Packing' },
        { at: '2026-03-02T16:00:00.000Z', to: 'Delivered' },
        { at: '2026-03-03T10:00:00.000Z', to: 'Delivered', returnStep: 'requested' },
      ]),
    ).toBe(DELIVERED);
  });

  it('is null when no move to Delivered was recorded', () => {
    expect(deliveredAt(undefined)).toBe(null);
    expect(deliveredAt([{ at: '2026-03-01T10:00:00.000Z', to: 'Packing' }])).toBe(null);
  });
});
