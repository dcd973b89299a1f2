import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A native modal <dialog>: the browser traps focus, makes the page inert and closes on Esc; focus
 * returns to the opener. `side` places it as a drawer; a backdrop click closes it.
 */
export function Dialog({
  open,
  onClose,
  label,
  side = 'right',
  className = '',
  children,
}: {
  open: boolean;
  onClose: () => void;
  label: string;
  side?: 'right' | 'top' | 'center';
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-label={label}
      className={`sheet sheet-${side} ${className}`}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => e.target === e.currentTarget && onClose()}
    >
      {open && children}
    </dialog>
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
