// The Products screen's Publish bar. Edits are drafts until the owner (or a member the owner
// allowed) presses Publish; the bar says how many products changed since the last publish, and the newest
// version's deploy: publishing → building → live at HH:MM, or failed with the reason. Publish first
// shows what it would change (each product's changed fields, prices first, and who changed it),
// read afresh, and only "Publish these changes" publishes: a price typed ten times too small is
// seen before it goes live. That button keeps focus while its call is out; its result is the
// message the live region reads, where focus lands.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { DeskCatalogue } from '../../lib/contract/desk-publish.ts';
import { REVIEW_WORDS, deployLine, unpublishedLine } from '../../lib/publish.ts';
import {
  $catalogue,
  loadProgress,
  publishCatalogue,
  stopProgress,
} from '../../stores/desk-publish.ts';
import { actionButtonIn, pressWhenIdle, theMessage, useFocusAfter } from './focus-after.ts';

const BAR_ID = 'desk-publish';
const REVIEW_ID = 'desk-publish-review';

/** What publishing now would change: each product, its fields before → after, who changed it. */
function Review({ catalogue }: { catalogue: DeskCatalogue }) {
  return (
    <>
      {catalogue.changes.length === 0 ? (
        <p>{unpublishedLine(0)}</p>
      ) : (
        <ul className="desk-publish-changes">
          {catalogue.changes.map((change) => (
            <li key={`${change.kind}:${change.id}`}>
              <strong>{change.name}</strong>
              {change.kind === 'added' && ` · ${REVIEW_WORDS.added}`}
              {change.kind === 'removed' && ` · ${REVIEW_WORDS.removed}`}
              {change.by && (
                <span className="desk-hint">
                  {' '}
                  ·{' '}
                  {change.kind === 'added'
                    ? REVIEW_WORDS.addedBy(change.by)
                    : REVIEW_WORDS.changedBy(change.by)}
                </span>
              )}
              {change.fields.map((field) => (
                <p key={field.label} className="desk-publish-field">
                  {field.label}: {field.before} → {field.after}
                </p>
              ))}
              {change.moreFields > 0 && (
                <p className="desk-hint">{REVIEW_WORDS.moreFields(change.moreFields)}</p>
              )}
            </li>
          ))}
        </ul>
      )}
      {catalogue.moreChanges > 0 && (
        <p className="desk-hint">{REVIEW_WORDS.moreProducts(catalogue.moreChanges)}</p>
      )}
    </>
  );
}

/** The Publish bar; `mayPublish` (the owner, or a member allowed) shows the Publish button. */
export default function PublishBar({ mayPublish }: { mayPublish: boolean }) {
  const catalogue = useStore($catalogue);
  const [busy, setBusy] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const focusAfter = useFocusAfter();

  useEffect(() => {
    void loadProgress();
    return stopProgress;
  }, []);

  const latest = catalogue?.latest ?? null;
  const live = catalogue?.live ?? null;
  const review = async () => {
    setBusy(true);
    // Read afresh: what was loaded with the screen may be minutes old.
    await loadProgress();
    setBusy(false);
    setReviewing(true);
    focusAfter(() => document.getElementById(`${REVIEW_ID}-title`));
  };
  const publish = async () => {
    setBusy(true);
    await publishCatalogue();
    setBusy(false);
    setReviewing(false);
    focusAfter(theMessage);
  };
  return (
    <section id={BAR_ID} className="desk-card desk-publish" aria-labelledby="desk-publish-title">
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
      {mayPublish && reviewing && catalogue !== null && (
        <section id={REVIEW_ID} aria-labelledby={`${REVIEW_ID}-title`}>
          <h3 id={`${REVIEW_ID}-title`} tabIndex={-1}>
            {REVIEW_WORDS.title}
          </h3>
          <Review catalogue={catalogue} />
          <div className="desk-actions">
            <button
              type="button"
              className="desk-button"
              {...pressWhenIdle(busy, () => void publish())}
            >
              {busy ? 'Publishing…' : REVIEW_WORDS.confirm}
            </button>
            <button
              type="button"
              className="desk-button desk-quiet"
              onClick={() => {
                setReviewing(false);
                focusAfter(() => actionButtonIn(document.getElementById(BAR_ID), 'publish'));
              }}
            >
              {REVIEW_WORDS.cancel}
            </button>
          </div>
        </section>
      )}
      {mayPublish && !reviewing && (
        <button
          type="button"
          className="desk-button"
          disabled={catalogue === null}
          data-action="publish"
          {...pressWhenIdle(busy, () => void review())}
        >
          Publish
        </button>
      )}
    </section>
  );
}
