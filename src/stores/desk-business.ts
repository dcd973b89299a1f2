// The business at a glance: today, 7 days and 30 days; a customer looked up by e-mail; and the CSV
// export of a period, fetched with the staff token as a file the screen then saves. The look-up and
// the export are customers' personal data: when the server refuses them (the owner has just
// stopped this member's right), the desk learns who the member now is, and the screen follows.
import type { AnswerOf, RequestOf } from '../lib/contract/endpoints.ts';
import type { DeskPeriod } from '../lib/contract/desk-ops.ts';
import type { DeskFile } from '../client/desk-calls.ts';
import { ApiError } from '../client/api.ts';
import { callDesk, fetchDeskFile } from './desk-call.ts';
import { loadSession } from './desk.ts';
import { act, load, resourceAtom, unloaded } from './desk-resource.ts';

/** A customer as the look-up answers: their orders and lifetime totals. */
export type Customer = AnswerOf<'deskCustomer'>;

/** The three periods' figures, as last loaded. */
export const $business = resourceAtom<DeskPeriod[]>();
/** The customer last looked up (none after a failed look-up). */
export const $customer = resourceAtom<Customer>();
/** The last exported file. */
export const $export = resourceAtom<DeskFile>();

/** Loads the three periods' figures. */
export const loadBusiness = (): Promise<boolean> =>
  load($business, async () => (await callDesk('deskBusiness', {})).periods);

/** Runs a call for personal data; a 403 (the right withdrawn) reloads who the member is. */
async function personalData<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) void loadSession();
    throw error;
  }
}

/** Looks a customer up by e-mail; a failure leaves no customer shown. */
export function lookUpCustomer(email: string): Promise<boolean> {
  $customer.set(unloaded());
  return load($customer, () => personalData(() => callDesk('deskCustomer', { email })));
}

/** Exports the orders of a period as a CSV file; answers whether it came. */
export async function exportOrders(period: RequestOf<'deskExport'>): Promise<boolean> {
  const done = await act($export, async () => {
    const file = await personalData(() => fetchDeskFile('deskExport', period));
    $export.set({ ...$export.get(), data: file });
    return { message: `Exported ${file.filename}.` };
  });
  return done !== null;
}

/** Lets the last exported file go (the screen that saved it closed). */
export function forgetExport(): void {
  $export.set(unloaded());
}

/** The courier's remittance report as last imported: what was recorded and what differs. */
export type RemittanceImport = AnswerOf<'deskRemittances'>;
/** The last remittance import (the owner's). */
export const $remittances = resourceAtom<RemittanceImport>();

/**
 * Imports the courier's COD remittances (its API, or the CSV report given) onto the orders'
 * ledgers, then reloads the figures, which move the cash from "with the courier" to collected.
 */
export async function importRemittances(body: RequestOf<'deskRemittances'>): Promise<boolean> {
  const done = await act($remittances, async () => {
    const answer = await callDesk('deskRemittances', body);
    $remittances.set({ ...$remittances.get(), data: answer });
    return answer;
  });
  if (done) void loadBusiness();
  return done !== null;
}
