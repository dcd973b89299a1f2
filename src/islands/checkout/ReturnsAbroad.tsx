// Said before Place Order for an address abroad: the returns policy covers Pakistan only. Drawn in
// the same frame as the country that calls for it, so Place Order never moves under a tap.
import { HOME_COUNTRY } from '../../lib/payments.ts';

/** The note's words for an order to `country` (asserted verbatim by the tests). */
export const returnsAbroadNote = (country: string) =>
  `Returns and refunds are for orders delivered in ${HOME_COUNTRY} only: an order to ${country} cannot be returned or exchanged.`;

/** The note under the delivery estimate. */
export default function ReturnsAbroad({ country }: { country: string }) {
  return <p className="returns-abroad">{returnsAbroadNote(country)}</p>;
}
