// The audit log speaks words: every action the server can write has a label for the owner (the
// server's audit() takes only the listed actions, so a new one fails typecheck until it has one),
// an unknown action (an old row) falls back to its code, and what an entry changed reads as lines,
// with the JSON kept only for values a sentence cannot say.
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  AUDIT_ACTIONS,
  AUDIT_ACTION_LABELS,
  auditActionLabel,
  auditChangeLine,
  auditChanges,
  type AuditAction,
} from '../../src/lib/desk-audit.ts';
import type { audit } from '../../src/server/operations/audit.ts';
import { makeProduct } from '../fixtures/products.ts';

const lines = (action: string, before: unknown, after: unknown) =>
  auditChanges(action, before, after)?.map(auditChangeLine) ?? null;

describe('auditActionLabel', () => {
  it('the server’s audit() takes only the actions the label table is keyed by', () => {
    expectTypeOf<Parameters<typeof audit>[2]>().toEqualTypeOf<AuditAction>();
    expectTypeOf<keyof typeof AUDIT_ACTION_LABELS>().toEqualTypeOf<AuditAction>();
  });

  it('gives every action the server can write its own plain-English label, never its code', () => {
    const labels = AUDIT_ACTIONS.map(auditActionLabel);
    for (const [i, action] of AUDIT_ACTIONS.entries()) {
      expect(labels[i]).not.toBe(action);
      expect(labels[i]).toMatch(/^[A-Z][a-z]/);
      expect(labels[i]).not.toMatch(/[a-z]\.[a-zA-Z]/);
    }
    expect(new Set(labels).size).toBe(AUDIT_ACTIONS.length);
    expect(Object.keys(AUDIT_ACTION_LABELS).sort()).toEqual([...AUDIT_ACTIONS].sort());
  });

  it('names the owner’s everyday actions as the desk words them', () => {
    expect(auditActionLabel('order.move')).toBe('Moved an order');
    expect(auditActionLabel('order.payment')).toBe('Recorded a payment');
    expect(auditActionLabel('order.refund')).toBe('Recorded a refund');
    expect(auditActionLabel('staff.invite')).toBe('Invited a member');
    expect(auditActionLabel('staff.personalData')).toBe('Changed who sees personal data');
    expect(auditActionLabel('settings.save')).toBe('Saved the settings');
    expect(auditActionLabel('product.stock')).toBe("Changed a colour's stock");
  });

  it('shows an action it does not know (an old row) as written, and never a blank', () => {
    expect(auditActionLabel('payment.succeeded')).toBe('payment.succeeded');
    expect(auditActionLabel('refund.completed')).toBe('refund.completed');
    expect(auditActionLabel('')).toBe('Unknown action');
    // A key of every object is not an action.
    expect(auditActionLabel('toString')).toBe('toString');
    expect(auditActionLabel('__proto__')).toBe('__proto__');
  });
});

describe('auditChanges', () => {
  it('says a move as its status from and to, with what the move added', () => {
    expect(
      lines(
        'order.move',
        { status: 'Packing' },
        { status: 'Out for Delivery', courier: 'TCS', trackingNumber: 'TCS-4410' },
      ),
    ).toEqual(['Status: Packing → Out for Delivery', 'Courier: TCS', 'Tracking number: TCS-4410']);
    expect(
      lines('order.move', { status: 'Order Placed' }, { status: 'Cancelled', reason: 'No stock' }),
    ).toEqual(['Status: Order Placed → Cancelled', 'Reason: No stock']);
  });

  it('says a payment as what was paid before and after, leaving out what stayed the same', () => {
    expect(
      lines(
        'order.payment',
        { payment: 'unpaid', paid: '₨0', refunded: '₨0' },
        { payment: 'paid', paid: '₨9,150', refunded: '₨0', method: 'JazzCash', amount: 9150 },
      ),
    ).toEqual(['Payment: unpaid → paid', 'Paid: ₨0 → ₨9,150', 'Method: JazzCash', 'Amount: 9150']);
  });

  it('says a grant of personal data, a role and a removal in words', () => {
    expect(lines('staff.personalData', { personalData: false }, { personalData: true })).toEqual([
      "Sees customers' personal data: no → yes",
    ]);
    expect(lines('staff.role', { role: 'staff' }, { role: 'owner' })).toEqual([
      'Role: staff → owner',
    ]);
    expect(lines('passkey.remove', { name: 'Pixel 8' }, null)).toEqual(['Name was Pixel 8']);
    expect(lines('staff.invite', null, { email: 'a@example.com', role: 'staff' })).toEqual([
      'E-mail: a@example.com',
      'Role: staff',
    ]);
  });

  it('names a return’s steps as the desk does, leaving out its version (the shop’s bookkeeping)', () => {
    expect(
      lines(
        'return.step',
        { state: 'approved', version: 2 },
        { state: 'pickupScheduled', version: 3 },
      ),
    ).toEqual(['Step: Approved → Pick-up scheduled']);
  });

  it('says a colour’s stock and a product’s settings one level down', () => {
    const tote = (black: boolean) => ({
      _id: 'city-tote',
      productName: 'City Tote',
      stock: true,
      colours: [
        { color: 'Black', inStock: black },
        { color: 'Navy', inStock: true },
      ],
      archived: false,
      archivedAt: null,
    });
    expect(lines('product.stock', tote(true), tote(false))).toEqual([
      'Colours: Black in stock, Navy in stock → Black sold out, Navy in stock',
    ]);
    expect(
      lines(
        'settings.save',
        { bankDetails: { iban: 'PK00', bank: 'HBL' } },
        { bankDetails: { iban: 'PK36', bank: 'HBL' } },
      ),
    ).toEqual(['Bank details, IBAN: PK00 → PK36']);
  });

  it('says nothing for an entry that changed nothing it kept (a sign-out)', () => {
    expect(lines('desk.signOut', null, null)).toEqual([]);
  });

  it('says a product edit as the fields that changed, prices first, as Publish says them', () => {
    const bag = makeProduct({ price: 1300, wholesalePrice: null });
    expect(lines('product.edit', bag, { ...bag, price: 130, para: 'Shorter.' })).toEqual([
      'Price: ₨1,300 → ₨130',
      'Description: A sturdy test backpack. → Shorter.',
    ]);
  });

  it('gives up on sentences (null) where a value cannot be said in words: a whole product', () => {
    expect(
      auditChanges('product.edit', null, { productName: 'Tote', colors: ['Black'], images: [] }),
    ).toBeNull();
    expect(auditChanges('order.move', 'Packing', { status: 'Delivered' })).toBeNull();
    expect(auditChanges('x.y', { a: { b: { c: 1 } } }, null)).toBeNull();
  });
});
