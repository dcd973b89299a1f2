import { atom } from 'nanostores';
import { wakeIslands } from '../client/wake.ts';
import { NOTIFICATION_MS } from '../lib/ui-constants.ts';

/**
 * One message of the notification region below the header, shown 7 seconds (docs/product.md §4's time; the
 * full-width strip over the header became a quiet region below it).
 */
export interface Notice {
  id: number;
  kind: 'success' | 'error' | 'info';
  text: string;
  /** The page already shows this text beside the control it concerns (a field's error), so an open dialog need not repeat it. */
  inline?: boolean;
  /** When it was raised (ms since the epoch). */
  at: number;
}

/** The message on screen: one at a time, so two messages never contradict each other side by side. */
export const $notices = atom<Notice[]>([]);

let nextId = 1;

// Each notice's remaining time; while the shopper points at or focuses the toasts, no clock runs
// (WCAG 2.2.1), and each notice resumes with the time it had left.
const clocks = new Map<
  number,
  { remaining: number; startedAt: number; timer: ReturnType<typeof setTimeout> | null }
>();
const holds = new Set<string>();

function run(id: number): void {
  const clock = clocks.get(id);
  if (!clock || clock.timer) return;
  clock.startedAt = Date.now();
  clock.timer = setTimeout(() => dismiss(id), clock.remaining);
}

function pause(id: number): void {
  const clock = clocks.get(id);
  if (!clock?.timer) return;
  clearTimeout(clock.timer);
  clock.timer = null;
  clock.remaining = Math.max(0, clock.remaining - (Date.now() - clock.startedAt));
}

/**
 * Shows a message for NOTIFICATION_MS (7 s everywhere, resolving the spec's 5 s/7 s mismatch), waking
 * the header island that draws it if the shopper has not touched it yet. A newer message replaces
 * the one shown ("invalid code" never stays beside "Password updated").
 */
export function notify(
  text: string,
  kind: Notice['kind'] = 'info',
  options: { inline?: boolean } = {},
): number {
  const id = nextId++;
  // One at a time: the newer message replaces the older.
  for (const dropped of $notices.get()) dismiss(dropped.id);
  $notices.set([
    ...$notices.get(),
    { id, kind, text, at: Date.now(), ...(options.inline ? { inline: true } : {}) },
  ]);
  wakeIslands();
  clocks.set(id, { remaining: NOTIFICATION_MS, startedAt: Date.now(), timer: null });
  if (holds.size === 0) run(id);
  return id;
}

// The last notice the toast strip presented where it could be heard (no modal dialog open, not
// inert). An open dialog repeats only the notices after it: the rest were heard already.
let heardUpTo = 0;

/** Records that every notice up to `id` was presented where assistive technology hears it. */
export function noticesHeard(id: number): void {
  heardUpTo = Math.max(heardUpTo, id);
}

/** The id of the last notice that was presented where it could be heard. */
export function lastHeardNotice(): number {
  return heardUpTo;
}

/** A message raised this long before a dialog opens came with it: the dialog says it inside. */
const RAISED_WITH_DIALOG_MS = 1000;

/**
 * The last notice a dialog opening now need not repeat: those heard before it, less the one just
 * raised by the same action that opens the dialog (an Add To Cart capped, a login required), which
 * the dialog hides from the region and so says inside itself.
 */
export function heardBeforeDialog(now = Date.now()): number {
  const latest = $notices.get().at(-1);
  if (latest && latest.id <= heardUpTo && now - latest.at < RAISED_WITH_DIALOG_MS)
    return latest.id - 1;
  return heardUpTo;
}

/**
 * Messages a dialog showed inside itself: the region below the header does not repeat them. A store,
 * so the region draws again whenever a dialog gives one back (it closed before the message was seen),
 * in whatever order the dialog's and the region's effects run.
 */
export const $inDialog = atom<ReadonlySet<number>>(new Set());

/** Records that a dialog showed message `id` inside itself (`false`: it closed before it was seen). */
export function shownInDialog(id: number, shown = true): void {
  const now = $inDialog.get();
  if (now.has(id) === shown) return;
  const next = new Set(now);
  if (shown) next.add(id);
  else next.delete(id);
  $inDialog.set(next);
}

/** Hides a toast now. */
export function dismiss(id: number): void {
  const clock = clocks.get(id);
  if (clock?.timer) clearTimeout(clock.timer);
  clocks.delete(id);
  shownInDialog(id, false);
  $notices.set($notices.get().filter((n) => n.id !== id));
}

/** Stops (`held` true) or restarts every toast's clock for one reason: 'hover' or 'focus'. */
export function holdNotices(reason: 'hover' | 'focus', held: boolean): void {
  const before = holds.size;
  if (held) holds.add(reason);
  else holds.delete(reason);
  if (before === 0 && holds.size > 0) clocks.forEach((_, id) => pause(id));
  if (before > 0 && holds.size === 0) clocks.forEach((_, id) => run(id));
}
