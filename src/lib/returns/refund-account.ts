// Where a cash-on-delivery return's refund goes: the shopper gives a Pakistani IBAN (its check
// digits verified) or a Pakistani mobile wallet number (JazzCash or EasyPaisa) on the return form,
// and staff see it at the refund step. Orders paid any other way are refunded the way they paid.
import { compactIban, displayIban, pakistaniIbanProblem } from '../iban.ts';
import { localMobile } from '../phone.ts';
import { REFUND_ACCOUNT_MAX } from './states.ts';

/** A refund account as stored: an IBAN (compact) or a wallet number (local form, 03001234567). */
export interface RefundAccount {
  kind: 'iban' | 'wallet';
  value: string;
}

export { REFUND_ACCOUNT_MAX } from './states.ts';

/** What the shopper is told, word for word. */
export const REFUND_ACCOUNT_MESSAGES = {
  required:
    'Please give the bank account (IBAN) or the JazzCash or EasyPaisa number for your refund.',
  badWallet: 'A mobile wallet number must be a Pakistani mobile: 03xxxxxxxxx or +923xxxxxxxxx',
  notTaken: 'A refund account is only asked for a cash-on-delivery return.',
} as const;

/** The account in `text`, or why it is not one: text starting with PK is read as an IBAN. */
export function parseRefundAccount(text: string): { account: RefundAccount } | { error: string } {
  const typed = text.trim();
  if (typed === '') return { error: REFUND_ACCOUNT_MESSAGES.required };
  if (/^pk/i.test(typed)) {
    const iban = compactIban(typed);
    const problem = pakistaniIbanProblem(iban);
    return problem ? { error: problem } : { account: { kind: 'iban', value: iban } };
  }
  const mobile = typed.length <= REFUND_ACCOUNT_MAX ? localMobile(typed) : null;
  return mobile
    ? { account: { kind: 'wallet', value: mobile } }
    : { error: REFUND_ACCOUNT_MESSAGES.badWallet };
}

/** The account as people read it: "IBAN PK36 SCBL 0000 0011 2345 6702" or "mobile wallet 03001234567". */
export function describeRefundAccount(account: RefundAccount): string {
  return account.kind === 'iban'
    ? `IBAN ${displayIban(account.value)}`
    : `mobile wallet ${account.value}`;
}
