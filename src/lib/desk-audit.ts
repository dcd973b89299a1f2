// How the audit log names what an entry was about: the desk names orders by their #number and
// members by their name, never by the ids the log stores.
import { shortNumber } from './desk.ts';

const ORDER_ID = /^order:([0-9a-f-]{36})$/i;
const STAFF_ID = /^staff:(.+)$/;

/**
 * The label of an audit target: 'order:<id>' → 'Order #7133649B', 'staff:<id>' → the member's
 * name (as `nameOf` knows it; 'A removed member' when it does not); anything else as written.
 */
export function auditTargetLabel(
  target: string,
  nameOf: (staffId: string) => string | undefined,
): string {
  const order = ORDER_ID.exec(target);
  if (order) return `Order #${shortNumber(order[1]!)}`;
  const staff = STAFF_ID.exec(target);
  if (staff) return nameOf(staff[1]!) ?? 'A removed member';
  return target;
}
