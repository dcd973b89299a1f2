import { useEffect, useRef, useState } from 'react';
import { $inDialog, $notices, dismiss, holdNotices, noticesHeard } from '../../stores/notices.ts';
import { useHydratedStore } from '../shared/hooks.ts';

const NO_NOTICES: never[] = [];
const NONE_IN_DIALOG: ReadonlySet<number> = new Set();

/** True while a modal dialog (or an inert page behind a drawer) keeps assistive technology from the strip. */
function unheard(strip: HTMLElement): boolean {
  return document.querySelector('dialog:modal') !== null || strip.closest('[inert]') !== null;
}

/** Where the region goes: just below the header's bottom edge as the page now sits. */
function belowHeader(): string {
  const header = document.querySelector('.site-header');
  const bottom = header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
  return `${Math.round(bottom) + 8}px`;
}

/**
 * The notification region: one quiet message just below the header, on the right on wide screens
 *. It is a manual popover in the
 * top layer, re-shown on each message. Pointing at it or focusing it stops the message's clock until
 * the pointer or focus leaves.
 *
 * While a modal dialog is open the region stays hidden: the dialog shows the messages inside itself
 * (Dialog.tsx), so a drawer's title and close button are never covered and nothing is said twice.
 * Once the last dialog closes, a message the dialog did not show (one raised as it closed: an order
 * cancelled, say) appears here.
 */
export function Toasts() {
  const notices = useHydratedStore($notices, NO_NOTICES);
  const ref = useRef<HTMLDivElement>(null);
  const [replay, setReplay] = useState(0);
  // Followed as a store: a message a closing dialog gives back is drawn here when it does.
  const inDialog = useHydratedStore($inDialog, NONE_IN_DIALOG);
  const shown = notices.filter((n) => !inDialog.has(n.id));
  const last = shown.at(-1)?.id ?? 0;
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof el.showPopover !== 'function') return;
    if (el.matches(':popover-open')) el.hidePopover();
    if (last === 0 || document.querySelector('dialog:modal')) return;
    el.style.top = belowHeader();
    el.showPopover();
    if (!unheard(el)) noticesHeard(last);
  }, [last, replay]);
  useEffect(() => {
    // `close` does not bubble; it is caught on its way down.
    const onClose = () => setReplay((r) => r + 1);
    // A dialog opening hides the region: the dialog shows the message inside itself.
    const onToggle = (event: Event) => {
      const el = ref.current;
      if (
        !el ||
        !(event.target instanceof HTMLDialogElement) ||
        (event as ToggleEvent).newState !== 'open'
      )
        return;
      if (el.matches(':popover-open')) el.hidePopover();
    };
    document.addEventListener('close', onClose, true);
    document.addEventListener('toggle', onToggle, true);
    return () => {
      document.removeEventListener('close', onClose, true);
      document.removeEventListener('toggle', onToggle, true);
    };
  }, []);
  useEffect(() => {
    // A toast removed under the pointer or focus must not leave the clocks stopped.
    if (notices.length === 0) {
      holdNotices('hover', false);
      holdNotices('focus', false);
    }
  }, [notices.length]);
  return (
    <div
      ref={ref}
      popover="manual"
      className="toasts"
      role="status"
      aria-live="polite"
      onMouseEnter={() => holdNotices('hover', true)}
      onMouseLeave={() => holdNotices('hover', false)}
      onFocus={() => holdNotices('focus', true)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && holdNotices('focus', false)}
    >
      {shown.map((n) => (
        <div key={`${n.id}-${replay}`} className={`toast toast-${n.kind}`} data-testid="toast">
          <span>{n.text}</span>
          <button type="button" aria-label="Dismiss notification" onClick={() => dismiss(n.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
