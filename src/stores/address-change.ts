// Changing an order's delivery address from its page: the checkout's validation, loaded when the
// form opens, and the call, whose answer (the order as it now stands) replaces the page's order.
import { ApiError, call } from '../client/api.ts';
import type { AddressFields } from '../lib/checkout-errors.ts';
import type { Address } from '../lib/contract/checkout.ts';
import { ADDRESS_MESSAGES } from '../lib/orders/address-change.ts';
import { notify } from './notices.ts';
import { $orderDetail } from './order-detail.ts';

/** Every field's first error, or {} when the address is valid. */
export type AddressValidator = (fields: AddressFields) => Partial<Record<keyof Address, string>>;

let validation: Promise<AddressValidator> | null = null;

/** Loads the address rules (zod) once, when the form opens rather than with the page. */
export function loadAddressValidation(): Promise<AddressValidator> {
  validation ??= import('../client/address-validation.ts').then(
    ({ addressErrors }) => addressErrors,
    (error: unknown) => {
      validation = null; // offline: the next open tries again
      throw error;
    },
  );
  return validation;
}

/**
 * Sends order `orderId`'s new address; on success the page shows the order as the server now
 * holds it and says so. Answers null then, or the message to show in the form (the server's
 * refusal, or that the change could not be sent).
 */
export async function saveOrderAddress(
  token: string,
  orderId: string,
  fields: AddressFields,
): Promise<string | null> {
  const { address2, ...rest } = fields;
  const address: Address = { ...rest, ...(address2.trim() ? { address2 } : {}) };
  try {
    const { message, ...detail } = await call('changeAddress', { orderId, address }, { token });
    $orderDetail.set({ detail });
    notify(message, 'success');
    return null;
  } catch (error) {
    return (error instanceof ApiError && error.serverMessage) || ADDRESS_MESSAGES.failed;
  }
}
