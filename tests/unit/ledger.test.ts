// The ledger's rules (src/lib/orders/ledger.ts): its sums, the state that follows from them, the
// refund refusals and the reference key, each as examples and as properties over random ledgers.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toMinorUnits } from '../../src/lib/money.ts';
import {
  financialState,
  fromMinor,
  isPaidInFull,
  ledgerSums,
  referenceKey,
  refundRefusal,
  type LedgerEntry,
  type LedgerOrder,
} from '../../src/lib/orders/ledger.ts';
import { ORDER_STATUSES } from '../../src/lib/orders/status.ts';

const entry = (
  kind: 'payment' | 'refund',
  amount: number,
  method = 'Bank Transfer',
): LedgerEntry => ({
  id: `${kind}-${amount}`,
  kind,
  at: '2026-11-27T10:00:00.000Z',
  method,
  amount,
  reference: null,
  by: { id: 'staff', email: 'staff@shop.pk' },
  status: 'Order Placed',
});
const order = (total: number, payments: LedgerEntry[], extra: Partial<LedgerOrder> = {}) => ({
  total,
  currency: 'PKR',
  status: 'Delivered' as const,
  payments,
  ...extra,
});

describe('an order’s financial state', () => {
  it('is unpaid, partly paid, paid, partly refunded and refunded as the entries say', () => {
    expect(financialState(order(14425, []))).toBe('unpaid');
    expect(financialState(order(14425, [entry('payment', 5000)]))).toBe('partly paid');
    const paid = [entry('payment', 5000), entry('payment', 9425)];
    expect(financialState(order(14425, paid))).toBe('paid');
    expect(financialState(order(14425, [...paid, entry('refund', 5525)]))).toBe('partly refunded');
    expect(financialState(order(14425, [...paid, entry('refund', 14425)]))).toBe('refunded');
  });

  it('is refund due for a cancelled order that still holds money, and unpaid for one that never did', () => {
    const cancelled = { status: 'Cancelled' as const };
    expect(financialState(order(8900, [entry('payment', 8900)], cancelled))).toBe('refund due');
    expect(
      financialState(order(8900, [entry('payment', 8900), entry('refund', 8900)], cancelled)),
    ).toBe('refunded');
    expect(financialState(order(8900, [], cancelled))).toBe('unpaid');
    expect(ledgerSums(order(8900, [], cancelled)).dueMinor).toBe(0);
  });

  it('reads entries written before refunds existed (no kind) as payments', () => {
    const { kind: _kind, ...old } = entry('payment', 8900);
    expect(financialState(order(8900, [old as LedgerEntry]))).toBe('paid');
  });

  it('counts a $61.00 order paid by $39.75 and $21.25 as paid, to the cent', () => {
    const usd = order(61, [entry('payment', 39.75), entry('payment', 21.25)], { currency: 'USD' });
    expect(ledgerSums(usd)).toEqual({
      totalMinor: 6100,
      paidMinor: 6100,
      refundedMinor: 0,
      pendingMinor: 0,
      heldMinor: 6100,
      refundableMinor: 6100,
      dueMinor: 0,
      surplusMinor: 0,
    });
    expect(isPaidInFull(usd)).toBe(true);
  });
});

describe('a refund', () => {
  it('needs a payment, and never exceeds what was paid minus what was already refunded', () => {
    expect(refundRefusal(order(8900, []), 1)).toBe('no-payment');
    const paid = order(14425, [entry('payment', 14425), entry('refund', 5525)]);
    expect(refundRefusal(paid, 890_001)).toBe('more-than-held');
    expect(refundRefusal(paid, 890_000)).toBeNull();
  });

  it('counts rupees in paisa, the rupee’s ISO 4217 minor unit', () => {
    const paid = order(5775, [entry('payment', 5775)]);
    expect(ledgerSums(paid)).toMatchObject({ totalMinor: 577_500, heldMinor: 577_500 });
  });

  it('reserves a pending refund: held stays, what may be refunded falls, and no second is let in', () => {
    const pending = { ...entry('refund', 2000), id: 'r1', pending: true as const };
    const o = order(8900, [entry('payment', 8900), pending]);
    expect(ledgerSums(o)).toMatchObject({
      refundedMinor: 0,
      pendingMinor: 200_000,
      heldMinor: 890_000,
      refundableMinor: 690_000,
    });
    expect(refundRefusal(o, 100)).toBe('in-flight');
  });

  it('counts a pending refund once sent, and for nothing once released', () => {
    const pending = { ...entry('refund', 2000), id: 'r1', pending: true as const };
    const sent = order(8900, [entry('payment', 8900), pending], { refundOutcomes: { r1: 'sent' } });
    expect(ledgerSums(sent)).toMatchObject({ refundedMinor: 200_000, heldMinor: 690_000 });
    expect(financialState(sent)).toBe('partly refunded');
    const released = order(8900, [entry('payment', 8900), pending], {
      refundOutcomes: { r1: 'released' },
    });
    expect(ledgerSums(released)).toMatchObject({ refundedMinor: 0, pendingMinor: 0 });
    expect(financialState(released)).toBe('paid');
  });
});

describe('money held beyond the order’s total', () => {
  it('is a refund due with the surplus: ₨2,887 by transfer, then the card’s ₨5,775', () => {
    const o = order(5775, [entry('payment', 2887), entry('payment', 5775)]);
    expect(financialState(o)).toBe('refund due');
    expect(ledgerSums(o).surplusMinor).toBe(288_700);
    const settled = order(5775, [
      entry('payment', 2887),
      entry('payment', 5775),
      entry('refund', 2887),
    ]);
    expect(financialState(settled)).toBe('partly refunded');
    expect(ledgerSums(settled).surplusMinor).toBe(0);
  });
});

describe('a reference key', () => {
  it('ignores case, spaces and hyphens, and keeps method and kind apart', () => {
    const key = referenceKey('payment', 'JazzCash', 'TID-555');
    expect(referenceKey('payment', 'JazzCash', 'tid 555')).toBe(key);
    expect(referenceKey('payment', 'jazzcash', 'TID555')).toBe(key);
    expect(referenceKey('payment', 'EasyPaisa', 'TID-555')).not.toBe(key);
    expect(referenceKey('refund', 'JazzCash', 'TID-555')).not.toBe(key);
  });
});

// Random ledgers: payments and refunds of whole minor units in a currency of 0, 2 or 3 digits.
const ledgers = fc
  .record({
    currency: fc.constantFrom('PKR', 'USD', 'GBP', 'JPY', 'KWD'),
    totalMinor: fc.integer({ min: 1, max: 50_000_000 }),
    status: fc.constantFrom(...ORDER_STATUSES),
    moves: fc.array(
      fc.record({
        kind: fc.constantFrom('payment', 'refund'),
        minor: fc.integer({ min: 1, max: 5_000_000 }),
      }),
      { maxLength: 12 },
    ),
  })
  .map(({ currency, totalMinor, status, moves }) => {
    // Written as a writer would: a refund only of what is held.
    const payments: LedgerEntry[] = [];
    let held = 0;
    for (const m of moves) {
      if (m.kind === 'refund' && m.minor > held) continue;
      held += m.kind === 'payment' ? m.minor : -m.minor;
      payments.push(entry(m.kind as 'payment' | 'refund', fromMinor(m.minor, currency)));
    }
    return { total: fromMinor(totalMinor, currency), currency, status, payments };
  });

describe('the ledger’s invariants', () => {
  it('held = Σ payments − Σ refunds, 0 ≤ refunded ≤ paid, and the state follows from the sums', () => {
    fc.assert(
      fc.property(ledgers, (o) => {
        const sums = ledgerSums(o);
        const sum = (kind: string) =>
          o.payments
            .filter((p) => (p.kind ?? 'payment') === kind)
            .reduce((n, p) => n + toMinorUnits(p.amount, o.currency), 0);
        expect(sums.paidMinor).toBe(sum('payment'));
        expect(sums.refundedMinor).toBe(sum('refund'));
        expect(sums.heldMinor).toBe(sums.paidMinor - sums.refundedMinor);
        expect(sums.refundedMinor).toBeGreaterThanOrEqual(0);
        expect(sums.refundedMinor).toBeLessThanOrEqual(sums.paidMinor);
        const state = financialState(o);
        const surplus =
          o.status === 'Cancelled' ? sums.heldMinor : sums.heldMinor - sums.totalMinor;
        expect(sums.surplusMinor).toBe(Math.max(0, surplus));
        if (surplus > 0) expect(state).toBe('refund due');
        else if (sums.refundedMinor > 0)
          expect(state).toBe(sums.heldMinor === 0 ? 'refunded' : 'partly refunded');
        else if (sums.paidMinor === 0) expect(state).toBe('unpaid');
        else expect(state).toBe(sums.paidMinor >= sums.totalMinor ? 'paid' : 'partly paid');
      }),
    );
  });

  it('never lets a refund take more than is held, whatever came before', () => {
    fc.assert(
      fc.property(ledgers, fc.integer({ min: 1, max: 60_000_000 }), (o, minor) => {
        const { paidMinor, heldMinor } = ledgerSums(o);
        const why = refundRefusal(o, minor);
        if (paidMinor === 0) expect(why).toBe('no-payment');
        else expect(why === null).toBe(minor <= heldMinor);
      }),
    );
  });
});
