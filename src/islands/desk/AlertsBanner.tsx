// The orders list's banner for a device that gets no push alerts (never turned on, or turned off by
// a sign-out on every device): it says so and turns them back on in one tap, with every kind and
// the device's guessed name (Settings' This device changes either). A member who wants no alerts
// on this device (a shared packing phone) hides it here, on this device only. Nothing shows where
// push is not set up or the browser cannot show it. It is drawn with the list's first draw when
// the session already says it is needed (src/lib/alerts-banner.ts), so it never pushes the list
// down under a finger; this device's subscription, read after, corrects a wrong guess.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import {
  $pushDevices,
  alertsMissingAtFirstDrawHere,
  alertsMissingHere,
  turnOnEverythingHere,
} from '../../stores/desk-push.ts';
import { pressWhenIdle, theMessage, useFocusAfter } from './focus-after.ts';

/** The banner's words (asserted verbatim by the tests). */
export const ALERTS_BANNER = {
  text: 'This device gets no push alerts: a new order reaches it only when you open the desk.',
  turnOn: 'Turn on alerts here',
  hide: 'Not on this device',
} as const;

/** Where this device keeps that its member wants no banner on it. */
const HIDDEN_KEY = 'deskAlertsBannerHidden';
/** Where this device keeps what its last read found ('1': no alerts here), for the next first draw. */
const MISSING_KEY = 'deskAlertsMissingHere';

const readKey = (key: string): string | null => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};
const writeKey = (key: string, value: string) => {
  try {
    localStorage.setItem(key, value);
  } catch {
    // A browser that keeps nothing: the next first draw waits for the read again.
  }
};
const hiddenHere = () => readKey(HIDDEN_KEY) === '1';
const missingAtFirstDraw = () => alertsMissingAtFirstDrawHere(readKey(MISSING_KEY));

/** The banner, when this device gets no alerts. */
export function AlertsBanner() {
  const resource = useStore($pushDevices);
  const focusAfter = useFocusAfter();
  const [hidden, setHidden] = useState(hiddenHere);
  const [missing, setMissing] = useState(missingAtFirstDraw);
  useEffect(() => {
    if (hidden) return;
    let current = true;
    // A failed call leaves the first draw's guess: the banner is a reminder, not a gate.
    alertsMissingHere().then(
      (yes) => {
        writeKey(MISSING_KEY, yes ? '1' : '0');
        if (current) setMissing(yes);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [hidden]);
  if (hidden || !missing) return null;

  const hide = () => {
    // A browser that keeps nothing: hidden until the page is opened again.
    writeKey(HIDDEN_KEY, '1');
    setHidden(true);
  };
  const turnOn = async () => {
    if (await turnOnEverythingHere()) {
      writeKey(MISSING_KEY, '0');
      setMissing(false);
    }
    focusAfter(theMessage);
  };
  return (
    <section className="desk-banner" aria-label="Alerts on this device">
      <p>{ALERTS_BANNER.text}</p>
      <p className="desk-row">
        <button
          type="button"
          className="desk-button"
          {...pressWhenIdle(resource.busy, () => void turnOn())}
        >
          {ALERTS_BANNER.turnOn}
        </button>
        <button type="button" className="desk-button desk-quiet" onClick={hide}>
          {ALERTS_BANNER.hide}
        </button>
      </p>
    </section>
  );
}
