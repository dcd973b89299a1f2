// Inlined on /Checkout before its form (`?inline-script`): notes each field the shopper goes into,
// from the first paint on, before the form has hydrated as after (src/client/checkout-visits.ts).
import { FIELD_ID_PREFIX, VISITS_KEY } from './checkout-visits.ts';

const visited: string[] = [];
(window as unknown as Record<string, string[]>)[VISITS_KEY] = visited;
addEventListener(
  'focusin',
  (event) => {
    const id = (event.target as Element | null)?.id ?? '';
    const name = id.slice(FIELD_ID_PREFIX.length);
    if (id.startsWith(FIELD_ID_PREFIX) && !visited.includes(name)) visited.push(name);
  },
  true,
);
