// The desk's navigation on a phone: a bar fixed at the bottom with Orders, Returns and Products,
// each with what needs action beside it, and More, which opens every other screen the member may
// open and Sign out. Wider screens hide it and keep the header's navigation. More is a disclosure
// menu a keyboard can use: opening moves focus to its first entry (ArrowUp on More: its last),
// ArrowUp/ArrowDown move between entries (wrapping), Home and End go to the ends, Escape closes
// it and gives focus back to More, and Tab out of it (or a press outside) closes it.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { DeskStaff } from '../../lib/contract/desk.ts';
import { BAR_SCREENS, barCountOf, nextEntry } from '../../lib/desk-nav.ts';
import { routeHref } from '../../lib/desk-view.ts';
import { $deskCounts, loadCounts } from '../../stores/desk-counts.ts';
import { signOut } from '../../stores/desk.ts';
import { SCREENS, mayOpen, type DeskScreen } from './screens.ts';

const inBar = (s: DeskScreen) => (BAR_SCREENS as readonly string[]).includes(s.id);

/** aria-current for the entry of `entry` while `screen` is shown: its page, or a screen under it. */
const currentOf = (entry: DeskScreen, screen: DeskScreen) =>
  entry === screen
    ? ('page' as const)
    : entry.id === screen.section
      ? ('true' as const)
      : undefined;

/** The entries of More a keyboard moves between: its links and Sign out. */
const entriesOf = (panel: HTMLElement | null): HTMLElement[] =>
  panel ? [...panel.querySelectorAll<HTMLElement>('a, button')] : [];

/** The phone's bottom bar. */
export function PhoneBar({ screen, staff }: { screen: DeskScreen; staff: DeskStaff }) {
  const counts = useStore($deskCounts);
  // Closed, or open with the entry focus moves to once it is drawn ('first', 'last').
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const moreId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const bar = BAR_SCREENS.map((id) => SCREENS.find((s) => s.id === id)!).filter((s) =>
    mayOpen(s, staff),
  );
  const more = SCREENS.filter((s) => s.nav && !inBar(s) && mayOpen(s, staff));
  const inMore = more.some((s) => currentOf(s, screen));

  // Every screen opened refreshes what needs action, and closes More.
  useEffect(() => {
    setOpen(false);
    void loadCounts();
  }, [screen]);

  // Opened: focus moves into the menu, on its first entry (or its last, opened with ArrowUp).
  useEffect(() => {
    if (!open) return;
    const entries = entriesOf(panel.current);
    (open === 'last' ? entries.at(-1) : entries[0])?.focus();
  }, [open]);

  // Open: a press anywhere outside the bar closes it.
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!panel.current?.parentElement?.contains(event.target as Node)) setOpen(false);
    };
    addEventListener('pointerdown', outside);
    return () => removeEventListener('pointerdown', outside);
  }, [open]);

  // Open: the menu's keys, and leaving it (the panel has no role of its own to hang them on).
  useEffect(() => {
    const menu = panel.current;
    if (!open || !menu) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        setOpen(false);
        button.current?.focus();
        return;
      }
      const entries = entriesOf(menu);
      const at = entries.indexOf(document.activeElement as HTMLElement);
      // Tab past the last entry leaves the menu (to the browser's own controls, when the page
      // ends there: no focus event names where focus went).
      if (event.key === 'Tab' && !event.shiftKey && at === entries.length - 1) setOpen(false);
      const next = nextEntry(event.key, at, entries.length);
      if (next === null) return;
      event.preventDefault();
      entries[next]!.focus();
    };
    const onOut = (event: globalThis.FocusEvent) => leave(event.relatedTarget);
    menu.addEventListener('keydown', onKey);
    menu.addEventListener('focusout', onOut);
    return () => {
      menu.removeEventListener('keydown', onKey);
      menu.removeEventListener('focusout', onOut);
    };
  }, [open]);

  function onButtonKey(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(event.key === 'ArrowUp' ? 'last' : 'first');
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  }

  /** Tab (or Shift+Tab) out of the menu and its button closes it (focus going nowhere does not). */
  function leave(to: EventTarget | null) {
    if (!(to instanceof Node)) return;
    if (panel.current?.contains(to) || button.current?.contains(to)) return;
    setOpen(false);
  }

  return (
    <nav className="desk-bar no-print" aria-label="Desk">
      <ul className="desk-bar-entries">
        {bar.map((s) => {
          const count = barCountOf(s.id, counts);
          return (
            <li key={s.id}>
              <a href={routeHref(s.pattern)} aria-current={currentOf(s, screen)}>
                <span className="desk-bar-label">
                  {s.nav}
                  {count && (
                    <span className="desk-bar-count" data-testid={`count-${s.id}`}>
                      {' '}
                      <span aria-hidden="true">{count.shown}</span>
                      <span className="visually-hidden">{count.spoken}</span>
                    </span>
                  )}
                </span>
              </a>
            </li>
          );
        })}
        <li>
          <button
            ref={button}
            type="button"
            className={inMore ? 'desk-bar-more desk-bar-here' : 'desk-bar-more'}
            aria-expanded={open !== false}
            aria-controls={moreId}
            onClick={() => setOpen(open ? false : 'first')}
            onKeyDown={onButtonKey}
            onBlur={(event) => leave(event.relatedTarget)}
          >
            More
          </button>
        </li>
      </ul>
      {/* After More in the page's order, so Tab from More goes into it. */}
      <div id={moreId} ref={panel} className="desk-more" hidden={!open}>
        <ul>
          {more.map((s) => (
            <li key={s.id}>
              <a
                href={routeHref(s.pattern)}
                aria-current={currentOf(s, screen)}
                onClick={() => setOpen(false)}
              >
                {s.nav}
              </a>
            </li>
          ))}
        </ul>
        <button type="button" className="desk-button desk-quiet" onClick={() => void signOut()}>
          Sign out
        </button>
      </div>
    </nav>
  );
}
