import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { removeShell } from '../../client/shells.ts';
import { $notices, heardBeforeDialog, shownInDialog } from '../../stores/notices.ts';
import { useHydratedStore } from '../shared/hooks.ts';

const NO_NOTICES: never[] = [];
/** How long a message must have been in an open dialog to count as seen there. */
const SEEN_IN_DIALOG_MS = 1000;

/**
 * A native modal <dialog>: the browser traps focus, makes the page inert and closes on Esc; focus
 * returns to the opener, or to `returnFocus()` when the opener is gone or disabled. `side` places
 * it as a drawer; a backdrop click closes it.
 *
 * While it is open the page behind it is inert, the notification region too: assistive technology ignores
 * it. So the dialog repeats the toasts the shopper has not heard inside itself with role="alert"
 * (`messages`, on by default).
 */
export function Dialog({
  open,
  onClose,
  label,
  side = 'right',
  className = '',
  messages = true,
  returnFocus,
  children,
}: {
  open: boolean;
  onClose: () => void;
  label: string;
  side?: 'right' | 'top' | 'center';
  className?: string;
  messages?: boolean;
  returnFocus?: () => HTMLElement | null | undefined;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  // The element focused when the dialog opened, for focus to return to.
  const opener = useRef<HTMLElement | null>(null);
  // Set once the dialog is modal: the last notice heard before, which it need not repeat.
  const [heardBefore, setHeardBefore] = useState<number | null>(null);
  // A layout effect: the sheet opens (and a tap's shell goes) in the task that drew it, as the tap's
  // own task. Preact runs plain effects after the next frame, which left a frame with neither the
  // shell nor the sheet, and an Escape pressed then went nowhere while the sheet opened after it.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      // The server-rendered shell a first tap opened (src/components/TapShell.astro)
      // gives way to this sheet in the same task, so the two never show together.
      for (const shell of document.querySelectorAll('dialog[data-shell]'))
        removeShell(shell as HTMLDialogElement);
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      dialog.showModal();
    }
    if (!open && dialog.open) {
      dialog.close();
      // The browser gives focus back only when it was inside the dialog at closing; a sheet whose
      // content changed under the focus (a form that answered) hands it back here.
      const lost = !document.activeElement || document.activeElement === document.body;
      const back = returnFocus?.() ?? (lost && opener.current?.isConnected ? opener.current : null);
      back?.focus();
      opener.current = null;
    }
    setHeardBefore(open ? heardBeforeDialog() : null);
    // Runs when `open` changes only: returnFocus is read at that moment, whatever its identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  return (
    // A click on the backdrop (the dialog element itself) closes it; keyboards close it with Escape
    // (onCancel), so the pointer-only handler leaves no one out. The second click of a double-click
    // (detail 2) does not: a double-clicked Place Order answered between the two clicks opened its
    // thank-you under the second, which closed it before it was read.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      aria-label={label}
      className={`sheet sheet-${side} ${className}`}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => e.target === e.currentTarget && e.detail < 2 && onClose()}
    >
      {/* Rendered once the dialog is modal, so each message is inserted where it is heard. */}
      {open && heardBefore !== null && messages && <DialogMessages after={heardBefore} />}
      {open && children}
    </dialog>
  );
}

/**
 * The toasts the shopper has not heard yet (raised as the dialog opened, or while it is open), as
 * alerts inside the dialog; those shown beside a field are left out.
 */
function DialogMessages({ after }: { after: number }) {
  const raised = useHydratedStore($notices, NO_NOTICES).filter((n) => n.id > after);
  const notices = raised.filter((n) => !n.inline);
  const ids = raised.map((n) => n.id).join(',');
  const since = useRef(new Map<number, number>());
  useEffect(() => {
    // Said here or beside its field, so the region below the header leaves it out afterwards.
    for (const id of ids ? ids.split(',').map(Number) : []) {
      if (!since.current.has(id)) since.current.set(id, Date.now());
      shownInDialog(id, true);
    }
  }, [ids]);
  useEffect(() => {
    const shown = since.current;
    // A message the dialog closed on at once (an account created, a drawer closing) was hardly
    // seen here: the region below the header shows it after all.
    return () =>
      shown.forEach((at, id) => {
        if (Date.now() - at < SEEN_IN_DIALOG_MS) shownInDialog(id, false);
      });
  }, []);
  if (notices.length === 0) return null;
  return (
    <div className="dialog-messages">
      {notices.map((n) => (
        <p key={n.id} role="alert" className={`dialog-message dialog-message-${n.kind}`}>
          {n.text}
        </p>
      ))}
    </div>
  );
}

/** The × button every sheet has. */
export function CloseButton({ onClose, label = 'Close' }: { onClose: () => void; label?: string }) {
  return (
    <button type="button" className="icon-button close" aria-label={label} onClick={onClose}>
      <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
        <path d="M5 5l10 10M15 5 5 15" stroke="currentColor" strokeWidth="2" />
      </svg>
    </button>
  );
}
