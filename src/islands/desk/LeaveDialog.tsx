// "Leave without saving?": asked when the member goes elsewhere on the desk while a form holds
// edits not saved. A modal dialog (the browser's own <dialog>, so focus stays in it and Escape
// answers Stay); Stay is focused first, since leaving drops the edits.
import { useLayoutEffect, useRef } from 'react';
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
  // The closes this component made itself (the question was answered): their close events, which
  // the browser sends in a later task, are not the member's Stay. On a busy phone a Back pressed
  // right after Stay asked again before that event came, and the event then withdrew the new
  // question: the Back was lost.
  const ownCloses = useRef(0);

  // In the render's own task (a layout effect), not after the next frame: the answer's tap then
  // leaves the page no longer inert before anything else can happen. A tap in the frame after Stay
  // on a busy phone (a full run's journey typing into the form) was lost on the inert page.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (asked !== null && !element.open) element.showModal();
    if (asked === null && element.open) {
      ownCloses.current += 1;
      element.close();
    }
  }, [asked]);

  // Escape, or the phone's back gesture, closes the dialog: that is Stay.
  const closed = () => {
    if (ownCloses.current > 0) ownCloses.current -= 1;
    else stayHere();
  };

  return (
    <dialog
      ref={dialog}
      className="desk-card desk-leave"
      aria-labelledby="desk-leave-title"
      aria-describedby="desk-leave-text"
      onCancel={stayHere}
      onClose={closed}
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
