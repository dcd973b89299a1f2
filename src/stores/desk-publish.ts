// The desk's Publish bar: unpublished changes, the newest version's deploy and
// the live one. Loaded with the Products screen and polled every POLL_MS while a deploy is under
// way (until it is live or failed); Publish (owner) answers the same view.
import { atom } from 'nanostores';
import type { DeskCatalogue } from '../lib/contract/desk-publish.ts';
import { deployPending } from '../lib/publish.ts';
import { callDesk, notifyFailure } from './desk-call.ts';
import { herePlace, notify } from './desk-session.ts';

/** How often the desk asks for the deploy's progress while it is under way. */
export const POLL_MS = 3000;

/** The last progress answer (null before the first). */
export const $catalogue = atom<DeskCatalogue | null>(null);

let timer: ReturnType<typeof setTimeout> | null = null;

/** Whether the answer's newest version is still deploying somewhere that will say when it is live. */
function polling(answer: DeskCatalogue): boolean {
  return answer.deploy !== 'none' && answer.latest !== null && deployPending(answer.latest.state);
}

function schedule(answer: DeskCatalogue): void {
  if (timer) clearTimeout(timer);
  timer = polling(answer) ? setTimeout(() => void loadProgress(), POLL_MS) : null;
}

/** Loads the progress (and keeps polling while a deploy is under way). */
export async function loadProgress(): Promise<void> {
  const place = herePlace();
  try {
    const answer = await callDesk('deskPublishProgress', {});
    $catalogue.set(answer);
    schedule(answer);
  } catch (error) {
    if (timer) clearTimeout(timer);
    timer = null;
    notifyFailure(error, place);
  }
}

/** Stops polling (the screen closed). */
export function stopProgress(): void {
  if (timer) clearTimeout(timer);
  timer = null;
}

/**
 * Publishes the draft the review showed (the last answer's draft key): a draft changed since is
 * refused by the server, so nothing the member did not see goes live. The answer shows the new
 * version's deploy.
 */
export async function publishCatalogue(): Promise<void> {
  const place = herePlace();
  const reviewed = $catalogue.get()?.draft;
  try {
    const answer = await callDesk('deskPublish', reviewed ? { reviewed } : {});
    $catalogue.set(answer);
    notify(answer.latest?.state === 'failed' ? 'error' : 'success', answer.message, place);
    schedule(answer);
  } catch (error) {
    notifyFailure(error, place);
  }
}
