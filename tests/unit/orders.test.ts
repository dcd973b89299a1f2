import { describe, expect, it } from 'vitest';
import { TRACKING_MESSAGES } from '../../src/lib/messages.ts';
import {
  ORDER_STATUSES,
  canCancel,
  canMoveTo,
  canTrack,
  isOrderStatus,
  trackingMessage,
} from '../../src/lib/orders/moves.ts';

describe('isOrderStatus', () => {
  it('recognises only the five statuses', () => {
    expect(isOrderStatus('Packing')).toBe(true);
    expect(isOrderStatus('Shipped')).toBe(false);
    expect(isOrderStatus(3)).toBe(false);
  });
});

describe('canCancel', () => {
  it('allows cancelling in Order Placed and Packing', () => {
    expect(canCancel('Order Placed')).toBe(true);
    expect(canCancel('Packing')).toBe(true);
  });

  it('refuses cancelling later or once cancelled', () => {
    expect(canCancel('Out for Delivery')).toBe(false);
    expect(canCancel('Delivered')).toBe(false);
    expect(canCancel('Cancelled')).toBe(false);
  });
});

describe('canTrack', () => {
  it('offers tracking unless cancelled', () => {
    expect(canTrack('Order Placed')).toBe(true);
    expect(canTrack('Packing')).toBe(true);
    expect(canTrack('Out for Delivery')).toBe(true);
    expect(canTrack('Delivered')).toBe(true);
    expect(canTrack('Cancelled')).toBe(false);
  });
});

describe('canMoveTo', () => {
  it('moves one step forward along the chain', () => {
    expect(canMoveTo('Order Placed', 'Packing')).toBe(true);
    expect(canMoveTo('Packing', 'Out for Delivery')).toBe(true);
    expect(canMoveTo('Out for Delivery', 'Delivered')).toBe(true);
  });

  it('refuses skipping, going back or staying', () => {
    expect(canMoveTo('Order Placed', 'Out for Delivery')).toBe(false);
    expect(canMoveTo('Packing', 'Order Placed')).toBe(false);
    expect(canMoveTo('Packing', 'Packing')).toBe(false);
    expect(canMoveTo('Delivered', 'Order Placed')).toBe(false);
  });

  it('cancels only from Order Placed or Packing', () => {
    expect(canMoveTo('Order Placed', 'Cancelled')).toBe(true);
    expect(canMoveTo('Packing', 'Cancelled')).toBe(true);
    expect(canMoveTo('Out for Delivery', 'Cancelled')).toBe(false);
    expect(canMoveTo('Delivered', 'Cancelled')).toBe(false);
    expect(canMoveTo('Cancelled', 'Cancelled')).toBe(false);
  });

  it('never leaves Cancelled', () => {
    expect(canMoveTo('Cancelled', 'Order Placed')).toBe(false);
    expect(canMoveTo('Cancelled', 'Packing')).toBe(false);
  });
});

describe('trackingMessage', () => {
  it('says an order placed takes 2-3 business days', () => {
    expect(trackingMessage('Order Placed')).toBe(
      'Your order has been placed. It usually takes 2-3 business days to process and dispatch.',
    );
  });

  it('says a packing order will ship soon', () => {
    expect(trackingMessage('Packing')).toBe('Your order is being packed and will ship soon.');
  });

  it('asks to keep the phone available when out for delivery', () => {
    expect(trackingMessage('Out for Delivery')).toBe(
      'Your order is out for delivery. Please keep your phone available.',
    );
  });

  it('thanks the shopper once delivered', () => {
    expect(trackingMessage('Delivered')).toBe(
      'Your order has been delivered. Thank you for shopping with us!',
    );
  });

  it('points a cancelled order to support', () => {
    expect(trackingMessage('Cancelled')).toBe(
      'This order has been cancelled. Please contact support if you need any help.',
    );
  });

  it('has a message for every status', () => {
    expect(Object.keys(TRACKING_MESSAGES).sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it('gives the tracking failure message for an unknown status', () => {
    expect(trackingMessage('Lost')).toBe('Unable to track order at the moment.');
  });
});
