// What of a customer the desk sends a member: everything to the owner and to a member the owner
// allowed customers' personal data; to any other member what packing needs (the number, items,
// city, region, country, courier) and nothing that names or reaches the shopper (name, e-mail,
// phone, street, postcode, wallet number, the address a failed mail went to). The answers are cut
// here, on the server, so a member calling the API directly gets no more than their screens show.
import type { DeskOrder, DeskOrderLine } from '../../lib/contract/desk.ts';
import type { DeskMailFailure } from '../../lib/contract/desk-ops.ts';
import type { DeskReturn } from '../../lib/contract/returns.ts';

/** Whether the member asking may see customers' personal data (`seesPersonalData`). */
export type Sees = boolean;

/** One line of the order list as the member may see it. */
export function lineFor<T extends DeskOrderLine>(sees: Sees, line: T): T {
  return sees ? line : { ...line, name: null, email: null, phone: null };
}

/** One order's detail as the member may see it: the city, region and country of its address. */
export function orderFor(sees: Sees, order: DeskOrder): DeskOrder {
  if (sees) return order;
  const { city, state, country } = order.address;
  return {
    ...lineFor(false, order),
    address: {
      firstName: null,
      lastName: null,
      email: null,
      address1: null,
      country,
      city,
      state,
      zip: null,
      mobile: null,
    },
    walletNumber: null,
    return: order.return && returnFor(false, order.return),
  };
}

/**
 * A return request as the member may see it. Its refund account stays: a member who may send
 * refunds needs it (the refund call is theirs only with the owner's refunds grant).
 */
export function returnFor(sees: Sees, request: DeskReturn): DeskReturn {
  return sees ? request : { ...request, name: null, email: null, phone: null };
}

/** A failed shopper mail as the member may see it: its order and error, not the shopper's address. */
export function mailFailureFor(sees: Sees, failure: DeskMailFailure): DeskMailFailure {
  return sees ? failure : { ...failure, to: null };
}

/** An answer carrying one order (`order`), cut for the member. */
export function withOrderFor<A extends { order: DeskOrder }>(sees: Sees, answer: A): A {
  return sees ? answer : { ...answer, order: orderFor(false, answer.order) };
}
