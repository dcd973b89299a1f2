// The desk's note under an order's contacts when its shopper asked for shipping updates by
// WhatsApp at checkout: the number, to whoever may see customers' data, and when they asked.
import { describe, expect, it } from 'vitest';
import { ORDER_VIEW_TEXT } from '../../src/lib/orders/desk-view.ts';

describe('ORDER_VIEW_TEXT.whatsappUpdates', () => {
  it('names the number in its international form, and when the shopper asked', () => {
    expect(ORDER_VIEW_TEXT.whatsappUpdates('923007654321', '2030-03-01 15:00')).toBe(
      'Shipping updates go to WhatsApp +923007654321 too (Out for Delivery and Delivered): asked at checkout on 2030-03-01 15:00 (Karachi).',
    );
  });

  it('says only that they go, to a member who may not see customers’ data', () => {
    expect(ORDER_VIEW_TEXT.whatsappUpdates(null, '2030-03-01 15:00')).toBe(
      'Shipping updates go to the shopper’s WhatsApp too (Out for Delivery and Delivered): asked at checkout on 2030-03-01 15:00 (Karachi).',
    );
  });
});
