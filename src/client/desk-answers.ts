// The browser's parsers for the desk's answers, keyed as the endpoint table names them. Loaded by
// src/client/api.ts with the desk's first call, as ./answers.ts is with the storefront's, so no
// storefront page ships them.
import './zod-jitless.ts';
import { DESK_ANSWER_SCHEMAS } from '../lib/contract/desk.ts';

/** The schema of each kind of desk answer, by the key the endpoint table names. */
export const DESK_ANSWERS = DESK_ANSWER_SCHEMAS;
