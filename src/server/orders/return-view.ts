// A stored return request reshaped for its shopper (a field of their order) and for the desk.
import { describeRefundAccount } from '../../lib/returns/refund-account.ts';
import { karachiTime, shortNumber } from '../../lib/desk.ts';
import { deliveredAt } from '../../lib/returns/rules.ts';
import type { DeskReturn, ShopperReturn } from '../../lib/contract/returns.ts';
import type { OrderRecord, ReturnRecord } from '../store/port.ts';
import { orderTotalPkr } from '../../lib/orders/money.ts';

/** A request as its shopper sees it. */
export function toShopperReturn(r: ReturnRecord): ShopperReturn {
  return {
    kind: r.kind,
    state: r.state,
    lines: r.lines.map(({ line, productName, selectedColor, quantity }) => ({
      line,
      productName,
      selectedColor,
      quantity,
    })),
    reason: r.reason,
    requestedAt: Date.parse(r.requestedAt),
    updatedAt: Date.parse(r.updatedAt),
    refusalReason: r.refusalReason ?? null,
    pickup: r.pickup ? { from: Date.parse(r.pickup.from), to: Date.parse(r.pickup.to) } : null,
    refund: r.refund
      ? { method: r.refund.method, reference: r.refund.reference, amount: r.refund.amountPkr }
      : null,
    exchangeShipping: r.exchangeShipping ?? null,
  };
}

/** The fields a shopper's order gains: when it was delivered and its request, each when known. */
export function orderReturnView(o: OrderRecord): {
  deliveredAt?: number;
  return?: ShopperReturn;
} {
  const at = deliveredAt(o.history);
  return {
    ...(at === null ? {} : { deliveredAt: at }),
    ...(o.returnRequest ? { return: toShopperReturn(o.returnRequest) } : {}),
  };
}

/** An order's request as the desk shows it, with its steps and who took each. */
export function toDeskReturn(o: OrderRecord & { returnRequest: ReturnRecord }): DeskReturn {
  const r = o.returnRequest;
  return {
    ...toShopperReturn(r),
    version: r.version,
    orderId: o.id,
    number: shortNumber(o.id),
    name: `${o.address.firstName} ${o.address.lastName}`,
    email: o.address.email,
    phone: o.address.mobile,
    paymentMethod: o.paymentMethod,
    totalPkr: orderTotalPkr(o),
    refundAccount: r.refundAccount ? describeRefundAccount(r.refundAccount) : null,
    pickupKarachi: r.pickup
      ? { from: karachiTime(r.pickup.from), to: karachiTime(r.pickup.to) }
      : null,
    steps: (o.history ?? [])
      .filter((e) => e.returnStep !== undefined)
      .map((e) => ({
        at: e.at,
        atKarachi: karachiTime(e.at),
        state: e.returnStep!,
        by: e.by ? e.by.email : 'the shopper',
        note: e.note ?? null,
      })),
  };
}
