import { DESK_ANSWER_SCHEMAS } from './desk.ts';
import { ORDER_ANSWERS } from './order-answers.ts';
import { SHOP_ANSWERS } from './responses.ts';

/** The answer schemas of the storefront's calls, by key: its shop answers and its order answers. */
export const STOREFRONT_ANSWERS = { ...SHOP_ANSWERS, ...ORDER_ANSWERS } as const;

/** Every answer schema the endpoint table (./endpoints.ts) names, by key: the storefront's and the desk's. */
export const ANSWERS = { ...STOREFRONT_ANSWERS, ...DESK_ANSWER_SCHEMAS } as const;
