// The browser's parsers for the answers the desk's first drawing waits for (who is signed in, the
// order list, the bar's counts). Loaded by ./desk-calls.ts with the first of those calls, ahead of
// ./desk-answers.ts (every other desk answer), whose schemas take a slow phone far longer to build.
import './zod-jitless.ts';
import { DESK_START_ANSWER_SCHEMAS } from '../lib/contract/desk-start.ts';

/** The schema of each answer the desk's first drawing waits for, by the endpoint table's key. */
export const DESK_START_ANSWERS = DESK_START_ANSWER_SCHEMAS;
