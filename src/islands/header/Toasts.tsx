import { useEffect, useRef, useState } from 'react';
import {
  $notices,
  dismiss,
  holdNotices,
  lastHeardNotice,
  noticesHeard,
} from '../../stores/notices.ts';
import { useHydratedStore } from '../shared/hooks.ts';

const NO_NOTICES: never[] = [];

/** True while a modal dialog (or an inert page behind a drawer) keeps assistive technology from the strip. */
function unheard(strip: HTMLElement): boolean {
  return document.querySelector('dialog:modal') !== null || strip.closest('[inert]') !== null;
}

/**
 * The toast strip: slides down from the top at full width on translucent black (SPEC §4). It is a
 * manual popover, re-shown on each notice, so it sits in the top layer above any open dialog.
 * Pointing at it or focusing it stops the toasts' clocks until the pointer or focus leaves.
 *
 * A modal dialog makes the strip inert: notices shown meanwhile are repeated inside the dialog
 * (Dialog.tsx), and once the last dialog closes the strip presents them again, so a notice raised
 * as a dialog closes (an order cancelled, say) is still heard.
 */
export function Toasts() {
  const notices = useHydratedStore($notices, NO_NOTICES);
  const ref = useRef<HTMLDivElement>(null);
  const [replay, setReplay] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof el.showPopover !== 'function') return;
    if (el.matches(':popover-open')) el.hidePopover();
    if (notices.length > 0) el.showPopover();
    if (notices.length > 0 && !unheard(el)) noticesHeard(notices.at(-1)!.id);
  }, [notices, replay]);
  useEffect(() => {
    // `close` does not bubble; it is caught on its way down.
    const onClose = () => {
      const el = ref.current;
      if (el && !unheard(el) && $notices.get().some((n) => n.id > lastHeardNotice()))
        setReplay((r) => r + 1);
    };
    // A dialog opened after the strip would cover it with its dark backdrop: the strip is shown
    // again, which puts it back on top of the top layer (it stays inert for assistive technology;
    // the dialog repeats the messages inside itself).
    const onToggle = (event: Event) => {
      const el = ref.current;
      if (
        !el ||
        !(event.target instanceof HTMLDialogElement) ||
        (event as ToggleEvent).newState !== 'open'
      )
        return;
      if (el.matches(':popover-open')) {
        el.hidePopover();
        el.showPopover();
      }
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
      {notices.map((n) => (
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
