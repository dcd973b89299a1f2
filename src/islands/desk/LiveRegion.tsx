// The desk's one place for messages: errors in an alert, the rest in a polite status, so screen
// readers hear each once. The server's messages are shown as they came. The strip takes focus
// (by script only) when an action's one result is its message.
import { useStore } from '@nanostores/react';
import { $deskNotice, clearNotice } from '../../stores/desk.ts';
import { MESSAGE_ID } from './focus-after.ts';

/** The message strip under a screen's heading. */
export function LiveRegion() {
  const notice = useStore($deskNotice);
  return (
    <div className="desk-notices no-print" id={MESSAGE_ID} tabIndex={-1}>
      <div role="alert" className="desk-notice desk-error">
        {notice?.kind === 'error' && <span key={notice.id}>{notice.text}</span>}
      </div>
      <div role="status" className="desk-notice desk-success">
        {notice?.kind === 'success' && <span key={notice.id}>{notice.text}</span>}
      </div>
      {notice && (
        <button type="button" className="desk-link" onClick={clearNotice}>
          Dismiss message
        </button>
      )}
    </div>
  );
}
