import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { $notices, dismiss, holdNotices } from '../../stores/notices.ts';

/**
 * The toast strip: slides down from the top at full width on translucent black (SPEC §4). It is a
 * manual popover, re-shown on each notice, so it sits in the top layer above any open dialog.
 * Pointing at it or focusing it stops the toasts' clocks until the pointer or focus leaves.
 */
export function Toasts() {
  const notices = useStore($notices);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof el.showPopover !== 'function') return;
    if (el.matches(':popover-open')) el.hidePopover();
    if (notices.length > 0) el.showPopover();
  }, [notices]);
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
        <div key={n.id} className={`toast toast-${n.kind}`} data-testid="toast">
          <span>{n.text}</span>
          <button type="button" aria-label="Dismiss notification" onClick={() => dismiss(n.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
