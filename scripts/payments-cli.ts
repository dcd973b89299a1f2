// The operator CLI's `orders paid` (npm run shop -- orders paid …): records a payment received
// through the desk's own rules and service, audited as the operator (CLI).
import { paymentBodySchema } from '../src/lib/contract/payments.ts';
import { DomainError } from '../src/server/errors.ts';
import {
  expireUnpaidCardOrders,
  reconcileCards,
  recordPayment,
} from '../src/server/payments/index.ts';
import { settleBackground } from '../src/server/background.ts';
import { getDeps } from '../src/server/deps.ts';
import { shortNumber } from '../src/lib/desk.ts';
import { getStore } from '../src/server/store/index.ts';

/** The help lines of `orders paid` and `orders expire-unpaid`. */
export const PAYMENTS_USAGE = `  orders paid <number|id> <amount> --method M [--reference R]
                                   record a payment received, in the order's currency: M is
                                   COD (once Delivered), "Bank Transfer", JazzCash or EasyPaisa;
                                   the reference is required except for COD
  orders expire-unpaid             settle card orders unpaid for 60 minutes: each is recorded as
                                   paid if Safepay says so, else cancelled ("payment not
                                   completed") and the shopper mailed (the shop also does this
                                   on its own, at most once a minute, as orders come and go)
  payments reconcile               compare every card payment at Safepay with its order's
                                   ledger (charge and refunds, in Safepay's minor units);
                                   settle refunds left pending; one line per difference, and the
                                   owner is alerted (the shop also runs it hourly on its own)
  couriers track                   ask the owner's courier where every open parcel is and move
                                   the orders (as the 15-minute schedule does): docs/couriers.md`;

/** Runs `orders expire-unpaid`: one line per overdue card order. Answers the exit code. */
export async function expireUnpaidCommand(): Promise<number> {
  const settled = await expireUnpaidCardOrders(await getDeps());
  await settleBackground();
  if (settled.size === 0) console.log('No card order has been waiting 60 minutes for its payment.');
  const words = { paid: 'paid (Safepay says so)', cancelled: 'cancelled', left: 'left for now' };
  for (const [id, outcome] of settled) console.log(`#${shortNumber(id)}  ${words[outcome]}`);
  return [...settled.values()].includes('left') ? 1 : 0;
}

/** Runs `payments reconcile`: a line per card order that differs. Answers 1 when any does. */
export async function reconcileCommand(): Promise<number> {
  const found = await reconcileCards(await getDeps());
  await settleBackground();
  const differ = found.filter((r) => r.difference);
  for (const r of found)
    for (const s of r.settled)
      console.log(`#${r.number}  pending refund ${s.entryId} settled: ${s.outcome}`);
  for (const r of differ) console.log(`#${r.number}  ${r.reference}: ${r.difference}`);
  console.log(
    `${found.length} card order(s) compared with Safepay; ${differ.length === 0 ? 'no difference' : `${differ.length} differ`}.`,
  );
  return differ.length === 0 ? 0 : 1;
}

/** Runs `orders paid`; `flags` are the parsed --method and --reference. Answers the exit code. */
export async function ordersPaidCommand(
  rest: string[],
  flags: { method?: string; reference?: string },
  usage: (problem: string) => number,
): Promise<number> {
  const [order, amount] = rest;
  if (!order || amount === undefined) return usage('orders paid needs an order and an amount');
  if (!flags.method) return usage('orders paid needs --method');
  const body = paymentBodySchema.safeParse({
    order,
    method: flags.method,
    amount: Number(amount),
    ...(flags.reference !== undefined ? { reference: flags.reference } : {}),
  });
  if (!body.success) {
    console.error(body.error.issues[0]!.message);
    return 1;
  }
  try {
    const answer = await recordPayment(await getStore(), null, body.data);
    console.log(answer.message);
    return 0;
  } catch (error) {
    if (error instanceof DomainError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}
