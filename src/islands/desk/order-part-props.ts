// What the order screen's parts (moves, payments, return) share.
import type { DeskOrder } from '../../lib/contract/desk.ts';
import type { FocusTarget } from './focus-after.ts';

/** The order, its change, where focus goes after an action, and the order's status (a move's result). */
export interface OrderPartProps {
  order: DeskOrder;
  onChange: (o: DeskOrder) => void;
  focusAfter: (target: FocusTarget) => void;
  status: FocusTarget;
}
