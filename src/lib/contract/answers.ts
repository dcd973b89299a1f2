import { DESK_ANSWER_SCHEMAS } from './desk.ts';
import { STOREFRONT_ANSWERS } from './responses.ts';

/** Every answer schema the endpoint table (./endpoints.ts) names, by key: the storefront's and the desk's. */
export const ANSWERS = { ...STOREFRONT_ANSWERS, ...DESK_ANSWER_SCHEMAS } as const;
