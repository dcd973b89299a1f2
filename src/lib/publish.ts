// The words of Publish and its deploy progress, shared by the server, the CLI
// and the desk's Publish bar.
import { karachiTime } from './desk.ts';

/** The messages of the publish calls and the CLI. */
export const PUBLISH_MESSAGES = {
  nothingToPublish: 'There is nothing to publish: the catalogue has no products on sale.',
  published: (n: number) => `Version ${n} published.`,
  progress: 'Deploy progress.',
  badHookUrl:
    'BUILD_HOOK_URL is not a web address: set it to the build hook Netlify gave (https://api.netlify.com/build_hooks/…).',
  hookAnswered: (status: number, text: string) =>
    `The build hook answered ${status}${text ? ` ${text}` : ''}.`,
  hookUnreachable: (why: string) => `The build hook could not be reached: ${why}.`,
  noDeploy:
    'No build hook is set and no local server builds here: the next build (npm start, npm run build or a Netlify deploy) shows it.',
  buildFailed: (why: string) => `The build failed: ${why}`,
  draftChanged:
    'The draft changed after you opened the review, so nothing was published. Look at the changes again, then publish.',
} as const;

/**
 * How much of a publish the desk's review lists: the first products and, of each, the first
 * fields; the rest is counted ("and 4 more products"), so the answer stays small on a phone however
 * large an import was.
 */
export const PUBLISH_REVIEW_LIMITS = { products: 30, fields: 12 } as const;

/** The words of the review of what a publish changes. */
export const REVIEW_WORDS = {
  title: 'What Publish changes',
  added: 'New product',
  removed: 'Taken off the shop',
  changedBy: (who: string) => `changed by ${who}`,
  addedBy: (who: string) => `added by ${who}`,
  moreFields: (n: number) => `and ${n} more field${n === 1 ? '' : 's'}`,
  moreProducts: (n: number) => `and ${n} more product${n === 1 ? '' : 's'}`,
  confirm: 'Publish these changes',
  cancel: 'Not now',
  review: 'Review and publish',
} as const;

/** A moment's Karachi wall-clock time, HH:MM. */
const clock = (moment: string) => karachiTime(moment).slice(11);

/** A version's deploy as the Publish bar says it. */
export interface DeployView {
  state: string;
  stateAt: string;
  message: string | null;
  liveAt: string | null;
  number: number;
}

/** One line for a version's deploy: "Version 7: building…", "Version 7 live at 14:05", or the failure. */
export function deployLine(version: DeployView): string {
  const n = `Version ${version.number}`;
  switch (version.state) {
    case 'queued':
      return `${n}: publishing…`;
    case 'building':
      return `${n}: building the site…`;
    case 'live':
      return `${n} live at ${clock(version.liveAt ?? version.stateAt)}`;
    case 'failed':
      return `${n} failed: ${version.message ?? 'no reason given'}`;
    case 'superseded':
      return `${n}: replaced by a newer publish before it went live`;
    default:
      return `${n}: was live until ${clock(version.stateAt)}`;
  }
}

/** Whether a version's deploy is still under way (the desk polls while it is). */
export function deployPending(state: string): boolean {
  return state === 'queued' || state === 'building';
}

/** "3 unpublished changes", "1 unpublished change", "No unpublished changes". */
export function unpublishedLine(count: number): string {
  if (count === 0) return 'No unpublished changes';
  return `${count} unpublished change${count === 1 ? '' : 's'}`;
}
