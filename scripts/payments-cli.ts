// The operator CLI's `orders paid` (npm run shop -- orders paid …): records a payment received
// through the desk's own rules and service, audited as the operator (CLI).
import { paymentBodySchema } from '../src/lib/contract/payments.ts';
import { DomainError } from '../src/server/errors.ts';
import { recordPayment } from '../src/server/payments/index.ts';
import { getStore } from '../src/server/store/index.ts';

/** The help lines of `orders paid`. */
export const PAYMENTS_USAGE = `  orders paid <number|id> <amount> --method M [--reference R]
                                   record a payment received, in the order's currency: M is
                                   COD (once Delivered), "Bank Transfer", JazzCash or EasyPaisa;
                                   the reference is required except for COD`;

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
