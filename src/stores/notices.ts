import { atom } from 'nanostores';
import { wakeIslands } from '../client/wake.ts';
import { NOTIFICATION_MS } from '../lib/ui-constants.ts';

/** One toast: SPEC §4 shows it 7 seconds, sliding from the top at full width. */
export interface Notice {
  id: number;
  kind: 'success' | 'error' | 'info';
  text: string;
  /** The page already shows this text beside the control it concerns (a field's error), so an open dialog need not repeat it. */
  inline?: boolean;
}

/** The toasts on screen, oldest first. */
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
 * Shows a toast for NOTIFICATION_MS (7 s everywhere, resolving the spec's 5 s/7 s mismatch), waking
 * the header island that draws the toasts if the shopper has not touched it yet.
 */
export function notify(
  text: string,
  kind: Notice['kind'] = 'info',
  options: { inline?: boolean } = {},
): number {
  const id = nextId++;
  // At most three at once: the oldest gives way.
  for (const dropped of $notices.get().slice(0, -2)) dismiss(dropped.id);
  $notices.set([
    ...$notices.get(),
    { id, kind, text, ...(options.inline ? { inline: true } : {}) },
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

/** Hides a toast now. */
export function dismiss(id: number): void {
  const clock = clocks.get(id);
  if (clock?.timer) clearTimeout(clock.timer);
  clocks.delete(id);
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
