import { useEffect, useRef } from 'react';
import { $notices, dismiss } from '../../stores/notices.ts';
import { useHydratedStore } from '../shared/hooks.ts';

const NO_NOTICES: never[] = [];

/**
 * The toast strip: slides down from the top at full width on translucent black (SPEC §4). It is a
 * manual popover, re-shown on each notice, so it sits in the top layer above any open dialog.
 */
export function Toasts() {
  const notices = useHydratedStore($notices, NO_NOTICES);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof el.showPopover !== 'function') return;
    if (el.matches(':popover-open')) el.hidePopover();
    if (notices.length > 0) el.showPopover();
  }, [notices]);
  return (
    <div ref={ref} popover="manual" className="toasts" role="status" aria-live="polite">
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
