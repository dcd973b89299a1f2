// The rider's load sheet and "Book all packed": the parcels booked with the owner's courier and
// not yet picked up, and a press that books every packed order still without a booking (a bounded
// batch a press), then reads the sheet again so the new parcels are on it.
import type { AnswerOf } from '../lib/contract/endpoints.ts';
import { callDesk } from './desk-call.ts';
import { act, load, resourceAtom } from './desk-resource.ts';

export type LoadSheet = AnswerOf<'deskLoadSheet'>;
export type BookedPacked = AnswerOf<'deskBookPacked'>;

/** The sheet as last loaded. */
export const $loadSheet = resourceAtom<LoadSheet>();
/** The last press of Book all packed: what it booked and what it could not. */
export const $bookedPacked = resourceAtom<BookedPacked>();

/** Loads the load sheet. */
export const loadLoadSheet = (): Promise<boolean> =>
  load($loadSheet, () => callDesk('deskLoadSheet', {}));

/** Books the packed orders waiting for a booking, then loads the sheet again. */
export async function bookAllPacked(): Promise<boolean> {
  const answer = await act($bookedPacked, () => callDesk('deskBookPacked', {}));
  if (answer) $bookedPacked.set({ ...$bookedPacked.get(), data: answer });
  await loadLoadSheet();
  return answer !== null;
}
