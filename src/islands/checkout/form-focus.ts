// Where focus goes on the checkout page when the page itself changes under it: after a refused
// submit (to the first invalid field, with the number of errors announced) and after the thank-you
// dialog closes (to the page heading: the Place Order button that opened it is disabled by then).
import { useEffect, useState, type RefObject } from 'react';
import { CHECKOUT_MESSAGES } from '../../lib/messages.ts';

/**
 * After each refused submit (`attempt` counts them), once the errors have rendered: focuses the
 * first invalid field and answers the announcement to render in a role="alert" element.
 */
export function useErrorFocus(
  attempt: number,
  errorCount: number,
  form: RefObject<HTMLFormElement | null>,
): string {
  // Kept with its attempt, so a new attempt starts silent and then says its own count.
  const [said, setSaid] = useState({ attempt: 0, text: '' });
  useEffect(() => {
    if (attempt === 0) return;
    const first = form.current?.querySelector<HTMLElement>(
      '[aria-invalid="true"], fieldset[aria-describedby] input',
    );
    first?.focus();
    setSaid({ attempt, text: CHECKOUT_MESSAGES.errorCount(errorCount) });
  }, [attempt]);
  return said.attempt === attempt ? said.text : '';
}
