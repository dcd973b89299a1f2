import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../fixtures/memory-storage.ts';

// The header's badge is server-rendered and filled before first paint; its island hydrates only
// when touched. Here a page of two badges (the header's and another) stands in for the document.

type Badge = { textContent: string | null };
let badges: Badge[];

beforeEach(() => {
  vi.resetModules();
  badges = [{ textContent: '0' }, { textContent: '0' }];
  vi.stubGlobal('window', {});
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('document', {
    querySelectorAll: (selector: string) => (selector === '[data-cart-count]' ? badges : []),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the cart badges of the page', () => {
  it('show the stored cart’s count as soon as the cart store loads', async () => {
    localStorage.setItem('cartItems_guest', JSON.stringify({ 'city-tote': { Tan: { '0': 3 } } }));
    await import('../../src/stores/cart.ts');
    expect(badges.map((b) => b.textContent)).toEqual(['3', '3']);
  });

  it('fall to 0 when an order empties the cart, with no island hydrated to repaint them', async () => {
    localStorage.setItem('cartItems_guest', JSON.stringify({ 'city-tote': { Tan: { '0': 3 } } }));
    const { addItem, clearCart } = await import('../../src/stores/cart.ts');
    await addItem({ itemId: 'slim-sleeve', selectedColor: 'Grey', imageIndex: 0, quantity: 2 });
    expect(badges.map((b) => b.textContent)).toEqual(['5', '5']);
    clearCart();
    expect(badges.map((b) => b.textContent)).toEqual(['0', '0']);
  });
});
