// "Leave without saving?": asked when the member goes elsewhere on the desk while a form holds
// edits not saved. A modal dialog (the browser's own <dialog>, so focus stays in it and Escape
// answers Stay); Stay is focused first, since leaving drops the edits.
import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { $leaveAsked, leaveAnyway, stayHere } from '../../stores/desk-leave.ts';

/** The words of the question. */
export const LEAVE_WORDS = {
  title: 'Leave without saving?',
  text: 'Your changes on this screen are not saved. Leave, and they are lost.',
  stay: 'Stay and keep editing',
  leave: 'Leave without saving',
} as const;

/** The dialog, open while a leave is asked. */
export function LeaveDialog() {
  const asked = useStore($leaveAsked);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (asked !== null && !element.open) element.showModal();
    if (asked === null && element.open) element.close();
  }, [asked]);

  return (
    <dialog
      ref={dialog}
      className="desk-card desk-leave"
      aria-labelledby="desk-leave-title"
      aria-describedby="desk-leave-text"
      onCancel={stayHere}
      onClose={stayHere}
    >
      <h2 id="desk-leave-title">{LEAVE_WORDS.title}</h2>
      <p id="desk-leave-text">{LEAVE_WORDS.text}</p>
      <div className="desk-actions">
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a modal's safe answer takes focus */}
        <button type="button" className="desk-button" autoFocus onClick={stayHere}>
          {LEAVE_WORDS.stay}
        </button>
        <button type="button" className="desk-button desk-danger" onClick={leaveAnyway}>
          {LEAVE_WORDS.leave}
        </button>
      </div>
    </dialog>
  );
}
