// The desk's shell: learns who is signed in, shows sign-in or the screen the address names (from
// the registry in screens.ts), one navigation, the live region for messages (a message goes when
// its screen does), and moves focus to the screen's heading whenever the screen changes.
import { Suspense, lazy, useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { useStore } from '@nanostores/react';
import { pathOfHash, routeHref } from '../../lib/desk-view.ts';
import { shortNumber } from '../../lib/desk.ts';
import { DESK_ANSWERS } from '../../lib/desk-messages.ts';
import { SCREENS, componentOf, findScreen, mayOpen, type DeskScreen } from './screens.ts';
import { $deskStaff, enterPlace, showCarriedNotice, signOut } from '../../stores/desk.ts';
import { mayLeaveFor } from '../../stores/desk-leave.ts';
import { LeaveDialog } from './LeaveDialog.tsx';
import { LiveRegion } from './LiveRegion.tsx';
import { PhoneBar } from './PhoneBar.tsx';
import { SignIn } from './SignIn.tsx';

// The address the desk shows. A change of address while a form holds unsaved edits is put back
// (without a history entry of its own) and the member is asked first (LeaveDialog).
let shown: string | null = null;
const subscribeHash = (onChange: () => void) => {
  const changed = () => {
    if (location.hash === shown) return;
    if (shown !== null && !mayLeaveFor(location.hash)) {
      history.replaceState(history.state, '', shown || location.pathname + location.search);
      // A screen's own move (goToPlace) named its place first: the shown screen's is back.
      enterPlace(pathOfHash(shown));
      return;
    }
    shown = location.hash;
    onChange();
  };
  // A link of the desk's own (the navigation, the bottom bar, More) is held before it adds a
  // history entry, so that Stay leaves Back as it was.
  const clicked = (event: MouseEvent) => {
    const link = (event.target as Element | null)?.closest?.('a[href^="#/"]');
    const to = link?.getAttribute('href');
    if (!to || to === location.hash || mayLeaveFor(to)) return;
    event.preventDefault();
  };
  addEventListener('hashchange', changed);
  addEventListener('click', clicked, true);
  return () => {
    removeEventListener('hashchange', changed);
    removeEventListener('click', clicked, true);
  };
};
const readHash = () => (shown ??= location.hash);

/**
 * The heading of a screen: the order screens name the order by its #number, also when the address
 * holds the order's whole id (the links of alert mails and pushes).
 */
function titleOf(screen: DeskScreen, params: Record<string, string>): string {
  if (!params.order) return screen.title;
  const order = params.order.replace(/^#/, '');
  return `${screen.title} #${/^[0-9a-f-]{36}$/i.test(order) ? shortNumber(order) : order}`;
}

/** The whole desk. */
export default function DeskApp() {
  const staff = useStore($deskStaff);
  const hash = useSyncExternalStore(subscribeHash, readHash, () => '');
  const heading = useRef<HTMLHeadingElement>(null);
  const path = pathOfHash(hash);
  const found = findScreen(path);

  // Before any screen's own effects start a call, so its answer is kept for this screen and a
  // message of the screen left behind goes.
  useLayoutEffect(() => enterPlace(path), [path]);

  // The session was asked for before the first drawing (src/islands/desk/start.ts). A message the
  // previous desk page kept is shown when the address says so, and the mark then leaves it.
  useEffect(() => {
    const address = showCarriedNotice(location.href);
    if (address !== location.href) history.replaceState(history.state, '', address);
  }, []);

  // A screen change moves focus to its heading, so a screen reader starts at the new screen.
  const focusKey = staff ? path : 'signin';
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [focusKey]);

  useEffect(() => {
    if (staff && !found) location.replace(routeHref(SCREENS[0]!.pattern));
  }, [staff, found]);

  if (staff === undefined)
    return (
      <main className="desk-main" aria-busy="true">
        <p>Loading the desk…</p>
        <LiveRegion />
      </main>
    );

  if (staff === null)
    return (
      <main className="desk-main desk-narrow">
        <h1 ref={heading} tabIndex={-1}>
          Sign in to the desk
        </h1>
        <LiveRegion />
        <SignIn />
      </main>
    );

  const screen = found?.screen ?? SCREENS[0]!;
  const params = found?.params ?? {};
  const allowed = mayOpen(screen, staff);
  const Screen = componentOf(screen, () => lazy(screen.load));
  return (
    <div className={screen.print ? 'desk desk-print' : 'desk'}>
      <header className="desk-top no-print">
        {/* The desk routes by the address's fragment, so following #desk-content would open an
            unknown screen (Orders): the link moves focus to this screen's heading instead. */}
        <a
          className="desk-skip"
          href="#desk-content"
          onClick={(event) => {
            event.preventDefault();
            heading.current?.focus();
          }}
        >
          Skip to content
        </a>
        <p className="desk-who">
          <strong>{staff.name}</strong> <span>({staff.role})</span>
        </p>
        <button
          type="button"
          className="desk-button desk-quiet desk-top-signout"
          onClick={() => void signOut()}
        >
          Sign out
        </button>
        <nav aria-label="Desk" className="desk-top-nav">
          <ul className="desk-nav">
            {SCREENS.filter((s) => s.nav && mayOpen(s, staff)).map((s) => (
              <li key={s.id}>
                <a href={routeHref(s.pattern)} aria-current={s === screen ? 'page' : undefined}>
                  {s.nav}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main className="desk-main" id="desk-content">
        <h1 ref={heading} tabIndex={-1}>
          {titleOf(screen, params)}
        </h1>
        <LiveRegion />
        {allowed ? (
          <Suspense fallback={<p>Loading…</p>}>
            <Screen key={path} params={params} staff={staff} />
          </Suspense>
        ) : (
          <p>{DESK_ANSWERS.ownerOnly}</p>
        )}
      </main>
      <PhoneBar screen={screen} staff={staff} />
      <LeaveDialog />
    </div>
  );
}
