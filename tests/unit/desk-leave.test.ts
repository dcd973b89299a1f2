// Leaving a desk form with unsaved changes asks first (src/stores/desk-leave.ts), and the product
// editor and New order say when they hold such changes: after an edit, not after a save or an edit
// undone.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { productToForm } from '../../src/lib/product-form.ts';
import {
  $editor,
  UNSAVED_FORM,
  editorUnsaved,
  saveEditor,
  setField,
} from '../../src/stores/desk-editor.ts';
import {
  $leaveAsked,
  hasUnsaved,
  leaveAnyway,
  mayLeaveFor,
  setUnsaved,
  stayHere,
} from '../../src/stores/desk-leave.ts';
import {
  $newOrder,
  $newOrderEdited,
  UNSAVED_NEW_ORDER,
  addLine,
  setChannel,
  setCustomer,
  setField as setNewOrderField,
} from '../../src/stores/desk-new-order.ts';
import { makeProduct } from '../fixtures/products.ts';

const bag = makeProduct({ _id: 'test-bag', price: 1300, wholesalePrice: null });

beforeEach(() => {
  const form = productToForm(bag);
  $editor.set({
    status: 'ready',
    productId: 'test-bag',
    version: 'v'.repeat(64),
    archived: false,
    form,
    saved: form,
    problems: {},
    saving: false,
    uploading: {},
    refusals: 0,
    similar: [],
  });
  vi.stubGlobal('location', { hash: '#/products/test-bag' });
});
afterEach(() => {
  stayHere();
  setUnsaved(UNSAVED_FORM, false);
  setUnsaved('settings', false);
  vi.unstubAllGlobals();
});

describe('mayLeaveFor', () => {
  it('lets the desk go at once when no form holds unsaved edits', () => {
    expect(mayLeaveFor('#/orders')).toBe(true);
    expect($leaveAsked.get()).toBeNull();
  });

  it('asks first while a form holds unsaved edits, and Stay changes nothing', () => {
    setUnsaved('settings', true);
    expect(mayLeaveFor('#/orders')).toBe(false);
    expect($leaveAsked.get()).toBe('#/orders');
    stayHere();
    expect($leaveAsked.get()).toBeNull();
    expect(hasUnsaved()).toBe(true);
    expect(location.hash).toBe('#/products/test-bag');
  });

  it('goes where asked on Leave without saving, with no form left unsaved', () => {
    setUnsaved('settings', true);
    setUnsaved(UNSAVED_FORM, true);
    mayLeaveFor('#/orders');
    leaveAnyway();
    expect(location.hash).toBe('#/orders');
    expect(hasUnsaved()).toBe(false);
    expect(mayLeaveFor('#/returns')).toBe(true);
  });
});

describe('editorUnsaved', () => {
  it('holds unsaved edits once a field changes, and none once it is typed back', () => {
    expect(editorUnsaved($editor.get())).toBe(false);
    setField('price', '130');
    expect(editorUnsaved($editor.get())).toBe(true);
    setField('price', '1300');
    expect(editorUnsaved($editor.get())).toBe(false);
  });

  it('holds none once the edit is saved, and nothing is asked on leaving', async () => {
    setField('price', '130');
    setUnsaved(UNSAVED_FORM, editorUnsaved($editor.get()));
    const saved = { ...bag, price: 130 };
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              success: true,
              message: 'Test Commuter Backpack saved. Not live until the owner publishes.',
              product: saved,
              version: 'w'.repeat(64),
              archived: false,
              created: false,
            }),
            { status: 200, headers: { 'Content-Type': 'application/json' } },
          ),
      ),
    );
    await saveEditor();
    expect($editor.get().form.price).toBe('130');
    expect(editorUnsaved($editor.get())).toBe(false);
    expect(mayLeaveFor('#/orders')).toBe(true);
  });
});

describe('the New order form', () => {
  afterEach(() => {
    $newOrder.set({ ...$newOrder.get(), lines: [], customer: '', channel: 'phone' });
    setNewOrderField('firstName', '');
    setNewOrderField('paymentMethod', 'COD');
    setUnsaved(UNSAVED_NEW_ORDER, false);
  });

  it('holds nothing when opened, so leaving it asks nothing', () => {
    expect($newOrderEdited.get()).toBe(false);
  });

  it.each([
    ['a line picked', () => addLine('test-bag', 'Black')],
    ['a customer typed', () => setCustomer('0300 1234567')],
    ['the channel changed', () => setChannel('whatsapp')],
    ['a name typed', () => setNewOrderField('firstName', 'Ayesha')],
    ['the payment method changed', () => setNewOrderField('paymentMethod', 'Bank Transfer')],
  ])('holds an edit once %s, and a tap away then asks first', (_, edit) => {
    edit();
    expect($newOrderEdited.get()).toBe(true);
    setUnsaved(UNSAVED_NEW_ORDER, $newOrderEdited.get());
    expect(mayLeaveFor('#/orders')).toBe(false);
    expect($leaveAsked.get()).toBe('#/orders');
  });

  it('holds none once the name is typed back to empty', () => {
    setNewOrderField('firstName', 'Ayesha');
    setNewOrderField('firstName', '');
    expect($newOrderEdited.get()).toBe(false);
  });
});
