// What every desk resource's store holds (its data, whether a load is under way, the last failure's
// message, whether an action is under way) and the two ways it changes: a load, and an action
// (a save, an invitation, a resend…) whose answer's message the live region reads out.
import { atom, type WritableAtom } from 'nanostores';
import { messageOf, notifyFailure } from './desk-call.ts';
import { herePlace, notify } from './desk-session.ts';

/** A desk resource as its screen shows it. */
export interface Resource<T> {
  /** The last data loaded (kept when a later load fails); null before the first. */
  data: T | null;
  /** True while a load is under way. */
  loading: boolean;
  /** The last failure's message (of a load or an action); null after a success. */
  error: string | null;
  /** True while an action is under way. */
  busy: boolean;
}

/** A resource before anything was loaded. */
export const unloaded = <T>(): Resource<T> => ({
  data: null,
  loading: false,
  error: null,
  busy: false,
});

/** A store for one desk resource, empty until loaded. */
export const resourceAtom = <T>(): WritableAtom<Resource<T>> => atom(unloaded<T>());

const patch = <T>($store: WritableAtom<Resource<T>>, change: Partial<Resource<T>>) =>
  $store.set({ ...$store.get(), ...change });

// The newest load of each store: an answer overtaken by a later load is dropped.
const newest = new WeakMap<object, object>();

/**
 * Loads `$store` from `fetch`: loading while it runs, then its data, or its failure's message (read
 * out by the live region too) beside the data it had. Answers whether it loaded.
 */
export async function load<T>(
  $store: WritableAtom<Resource<T>>,
  fetch: () => Promise<T>,
): Promise<boolean> {
  const ticket = {};
  const place = herePlace();
  newest.set($store, ticket);
  patch($store, { loading: true });
  try {
    const data = await fetch();
    if (newest.get($store) === ticket) patch($store, { data, loading: false, error: null });
    return true;
  } catch (error) {
    if (newest.get($store) !== ticket) return false;
    patch($store, { loading: false, error: messageOf(error) });
    notifyFailure(error, place);
    return false;
  }
}

/**
 * Runs an action on the resource with the store busy: the answer's message is read out, or the
 * failure's. Answers the answer, or null when the action failed.
 */
export async function act<T, A extends { message: string }>(
  $store: WritableAtom<Resource<T>>,
  run: () => Promise<A>,
): Promise<A | null> {
  const place = herePlace();
  patch($store, { busy: true });
  try {
    const answer = await run();
    patch($store, { busy: false, error: null });
    notify('success', answer.message, place);
    return answer;
  } catch (error) {
    patch($store, { busy: false, error: messageOf(error) });
    notifyFailure(error, place);
    return null;
  }
}
