// How the desk shows an order's payments: the wallet number, each payment, what is still due, and
// each payment as an event on the order's timeline. Amounts are counted in the currency's
// smallest unit, so the parts always add up to the total.
import type { DeskEvent } from '../../lib/contract/desk.ts';
import { karachiTime } from '../../lib/desk.ts';
import { currencyDigits, formatMoney, roundToMinor, toMinorUnits } from '../../lib/money.ts';
import { paymentLabel } from '../../lib/payments.ts';
import type { OrderRecord } from '../store/port.ts';

/** What has been paid on an order so far, in its currency's smallest unit. */
export const paidMinor = (o: OrderRecord) =>
  (o.payments ?? []).reduce((sum, p) => sum + toMinorUnits(p.amount, o.currency), 0);

/** What is still owed on an order, in its currency's smallest unit (never below 0). */
export const dueMinor = (o: OrderRecord) =>
  Math.max(0, toMinorUnits(o.total, o.currency) - paidMinor(o));

/** An amount in the currency's smallest unit back in the currency. */
export const fromMinor = (minor: number, currency: string) =>
  roundToMinor(minor / 10 ** currencyDigits(currency), currency);

/** The desk's view of an order's payments: the wallet number, each payment, and what is due. */
export function paymentView(o: OrderRecord) {
  return {
    walletNumber: o.walletNumber ?? null,
    payments: (o.payments ?? []).map((p) => ({
      id: p.id,
      at: p.at,
      atKarachi: karachiTime(p.at),
      method: p.method,
      amount: p.amount,
      reference: p.reference,
      by: p.by.email,
    })),
    due: fromMinor(dueMinor(o), o.currency),
  };
}

/** The timeline with each payment as an event at its time (its status unchanged, the payment in the note). */
export function withPaymentEvents(events: DeskEvent[], o: OrderRecord): DeskEvent[] {
  const payments: DeskEvent[] = (o.payments ?? []).map((p) => ({
    at: p.at,
    atKarachi: karachiTime(p.at),
    from: p.status,
    to: p.status,
    by: p.by.email,
    note: `Payment received: ${formatMoney(p.amount, o.currency)} by ${paymentLabel(p.method)}${
      p.reference ? ` (reference ${p.reference})` : ''
    }`,
  }));
  return [...events, ...payments].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}
