// What of a customer the desk sends a member: everything to the owner and to a member the owner
// allowed customers' personal data; to any other member what packing needs (the number, items,
// city, region, country, courier) and nothing that names or reaches the shopper (name, e-mail,
// phone, street, postcode, wallet number, the address a failed mail went to). The answers are cut
// here, on the server, so a member calling the API directly gets no more than their screens show.
import type { DeskOrder, DeskOrderLine } from '../../lib/contract/desk.ts';
import type { DeskMailFailure } from '../../lib/contract/desk-ops.ts';
import type { DeskReturn } from '../../lib/contract/returns.ts';

/**
 * What the member asking may see of customers: their personal data (`seesPersonalData`), and with
 * the refunds grant alone (`mayRefund`) the account a return's refund goes to, which sending it needs.
 */
export type Sees = boolean | { personalData: boolean; refunds: boolean };

const personal = (sees: Sees) => (typeof sees === 'boolean' ? sees : sees.personalData);
const refunds = (sees: Sees) => (typeof sees === 'boolean' ? sees : sees.refunds);

/** One line of the order list as the member may see it. */
export function lineFor<T extends DeskOrderLine>(sees: Sees, line: T): T {
  return personal(sees) ? line : { ...line, name: null, email: null, phone: null };
}

/** One order's detail as the member may see it: the city, region and country of its address. */
export function orderFor(sees: Sees, order: DeskOrder): DeskOrder {
  if (personal(sees)) return order;
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
    ...(order.whatsappUpdates ? { whatsappUpdates: { ...order.whatsappUpdates, to: null } } : {}),
    return: order.return && returnFor(sees, order.return),
  };
}

/** A return request as the member may see it: its refund account only to one who may send it. */
export function returnFor(sees: Sees, request: DeskReturn): DeskReturn {
  if (personal(sees)) return request;
  return {
    ...request,
    name: null,
    email: null,
    phone: null,
    refundAccount: refunds(sees) ? request.refundAccount : null,
  };
}

/** A failed shopper mail as the member may see it: its order and error, not the shopper's address. */
export function mailFailureFor(sees: Sees, failure: DeskMailFailure): DeskMailFailure {
  return personal(sees) ? failure : { ...failure, to: null };
}

/** An answer carrying one order (`order`), cut for the member. */
export function withOrderFor<A extends { order: DeskOrder }>(sees: Sees, answer: A): A {
  return personal(sees) ? answer : { ...answer, order: orderFor(sees, answer.order) };
}
