// The Products screen's Publish bar. Edits are drafts until the owner (or a member the owner
// allowed) presses Publish; the bar says how many products changed since the last publish, and the newest
// version's deploy: publishing → building → live at HH:MM, or failed with the reason. Publish keeps
// focus while its call is out; its result is the message the live region reads, where focus lands.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { deployLine, unpublishedLine } from '../../lib/publish.ts';
import {
  $catalogue,
  loadProgress,
  publishCatalogue,
  stopProgress,
} from '../../stores/desk-publish.ts';
import { pressWhenIdle, theMessage, useFocusAfter } from './focus-after.ts';

/** The Publish bar; `mayPublish` (the owner, or a member allowed) shows the Publish button. */
export default function PublishBar({ mayPublish }: { mayPublish: boolean }) {
  const catalogue = useStore($catalogue);
  const [busy, setBusy] = useState(false);
  const focusAfter = useFocusAfter();

  useEffect(() => {
    void loadProgress();
    return stopProgress;
  }, []);

  const latest = catalogue?.latest ?? null;
  const live = catalogue?.live ?? null;
  const publish = async () => {
    setBusy(true);
    await publishCatalogue();
    setBusy(false);
    focusAfter(theMessage);
  };
  return (
    <section className="desk-card desk-publish" aria-labelledby="desk-publish-title">
      <h2 id="desk-publish-title">Publish</h2>
      {catalogue === null ? (
        <p>Loading…</p>
      ) : (
        <>
          <p>
            <strong>{unpublishedLine(catalogue.unpublished)}</strong>
          </p>
          <p role="status" className={latest?.state === 'failed' ? 'desk-error-text' : undefined}>
            {latest ? deployLine(latest) : 'Nothing published yet'}
          </p>
          {live && latest && live.number !== latest.number && (
            <p className="desk-hint">The shop shows version {live.number} until then.</p>
          )}
          {catalogue.deploy === 'none' && latest?.state === 'queued' && (
            <p className="desk-hint">{catalogue.message}</p>
          )}
        </>
      )}
      {mayPublish && (
        <button
          type="button"
          className="desk-button"
          disabled={catalogue === null}
          {...pressWhenIdle(busy, () => void publish())}
        >
          {busy ? 'Publishing…' : 'Publish'}
        </button>
      )}
    </section>
  );
}
