// The desk's navigation on a phone: a bar fixed at the bottom with Orders, Returns and Products,
// each with what needs action beside it, and More, which opens every other screen the member may
// open and Sign out. Wider screens hide it and keep the header's navigation.
import { useEffect, useId, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { DeskStaff } from '../../lib/contract/desk.ts';
import { BAR_SCREENS, barCountOf } from '../../lib/desk-nav.ts';
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

/** The phone's bottom bar. */
export function PhoneBar({ screen, staff }: { screen: DeskScreen; staff: DeskStaff }) {
  const counts = useStore($deskCounts);
  const [open, setOpen] = useState(false);
  const moreId = useId();
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

  useEffect(() => {
    if (!open) return;
    const close = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    addEventListener('keydown', close);
    return () => removeEventListener('keydown', close);
  }, [open]);

  return (
    <nav className="desk-bar no-print" aria-label="Desk">
      <div id={moreId} className="desk-more" hidden={!open}>
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
            type="button"
            className={inMore ? 'desk-bar-more desk-bar-here' : 'desk-bar-more'}
            aria-expanded={open}
            aria-controls={moreId}
            onClick={() => setOpen(!open)}
          >
            More
          </button>
        </li>
      </ul>
    </nav>
  );
}
