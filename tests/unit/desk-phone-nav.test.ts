// The pure rules behind the desk's phone navigation: the bottom bar's counts, the order list's
// folded filters, the Products screen's pages and the audit log's names.
import { describe, expect, it } from 'vitest';
import { barCountOf, nextEntry } from '../../src/lib/desk-nav.ts';
import { activeFilterCount, filtersLabel } from '../../src/lib/desk-view.ts';
import { PRODUCT_PAGE, pageOf, showingText } from '../../src/lib/desk-paging.ts';
import { auditTargetLabel } from '../../src/lib/desk-audit.ts';

describe('nextEntry', () => {
  it('moves down and up one entry, wrapping from the last to the first and back', () => {
    expect(nextEntry('ArrowDown', 0, 4)).toBe(1);
    expect(nextEntry('ArrowDown', 3, 4)).toBe(0);
    expect(nextEntry('ArrowUp', 2, 4)).toBe(1);
    expect(nextEntry('ArrowUp', 0, 4)).toBe(3);
  });

  it('goes to the first entry on Home and the last on End', () => {
    expect(nextEntry('Home', 2, 4)).toBe(0);
    expect(nextEntry('End', 1, 4)).toBe(3);
  });

  it('leaves any other key to the browser (Tab moves on, Enter follows the link)', () => {
    expect(nextEntry('Tab', 1, 4)).toBeNull();
    expect(nextEntry('Enter', 1, 4)).toBeNull();
  });
});

describe('barCountOf', () => {
  const counts = { ordersToPack: 3, returnsToDecide: 1 };

  it('shows the orders to pack beside Orders and says what they are', () => {
    expect(barCountOf('orders', counts)).toEqual({ shown: '3', spoken: '3 to pack' });
  });

  it('shows the return requests awaiting a decision beside Returns', () => {
    expect(barCountOf('returns', counts)).toEqual({ shown: '1', spoken: '1 to decide' });
  });

  it('shows no count beside Products: a sold-out colour needs no desk action', () => {
    expect(barCountOf('products', counts)).toBeNull();
  });

  it('shows no count while the counts are not yet known, nor for nothing to do', () => {
    expect(barCountOf('orders', null)).toBeNull();
    expect(barCountOf('orders', { ordersToPack: 0, returnsToDecide: 0 })).toBeNull();
  });

  it('shows 99+ above 99 and reads the whole number', () => {
    expect(barCountOf('orders', { ordersToPack: 1000, returnsToDecide: 0 })).toEqual({
      shown: '99+',
      spoken: '1000 to pack',
    });
  });
});

describe('activeFilterCount and filtersLabel', () => {
  const none = { status: '', payment: '', from: '', to: '' };

  it('counts no filter when only the defaults are set', () => {
    expect(activeFilterCount(none)).toBe(0);
    expect(filtersLabel(0)).toBe('Filters');
  });

  it('counts status, payment and each date once', () => {
    expect(activeFilterCount({ ...none, status: 'Packing' })).toBe(1);
    expect(
      activeFilterCount({
        status: 'Packing',
        payment: 'unpaid',
        from: '2026-03-01',
        to: '2026-03-02',
      }),
    ).toBe(4);
    expect(filtersLabel(2)).toBe('Filters (2 active)');
  });
});

describe('pageOf', () => {
  const products = Array.from({ length: 57 }, (_, i) => i + 1);

  it('shows the first 12 of 57 on page 1 of 5', () => {
    const page = pageOf(products, 1, PRODUCT_PAGE);
    expect(page).toMatchObject({ page: 1, pages: 5, first: 1, last: 12, total: 57 });
    expect(page.items).toEqual(products.slice(0, 12));
    expect(showingText(page)).toBe('Showing 1–12 of 57');
  });

  it('shows the last 9 on page 5', () => {
    const page = pageOf(products, 5, PRODUCT_PAGE);
    expect(page.items).toEqual([49, 50, 51, 52, 53, 54, 55, 56, 57]);
    expect(showingText(page)).toBe('Showing 49–57 of 57');
  });

  it('shows the last page for a page past the end (the list shrank) and the first for one before it', () => {
    expect(pageOf(products, 9, PRODUCT_PAGE).page).toBe(5);
    expect(pageOf(products, 0, PRODUCT_PAGE).page).toBe(1);
    expect(pageOf(products.slice(0, 12), 2, PRODUCT_PAGE)).toMatchObject({ page: 1, pages: 1 });
  });

  it('has one empty page for an empty list', () => {
    const page = pageOf([], 1, PRODUCT_PAGE);
    expect(page).toMatchObject({ items: [], page: 1, pages: 1, first: 0, last: 0, total: 0 });
    expect(showingText(page)).toBe('Showing 0 of 0');
  });

  it('names a single item without a range', () => {
    expect(showingText(pageOf([7], 1, PRODUCT_PAGE))).toBe('Showing 1 of 1');
  });
});

describe('auditTargetLabel', () => {
  const names = new Map([['staff-1', 'Sana Staff']]);
  const nameOf = (id: string) => names.get(id);

  it('names an order by its #number, not its id', () => {
    expect(auditTargetLabel('order:aaaaaaaa-0000-4000-8000-00007133649b', nameOf)).toBe(
      'Order #7133649B',
    );
  });

  it('names a member by name, and one no longer known as a removed member', () => {
    expect(auditTargetLabel('staff:staff-1', nameOf)).toBe('Sana Staff');
    expect(auditTargetLabel('staff:gone', nameOf)).toBe('A removed member');
  });

  it('names a connection by its label, and keeps one it does not know as written', () => {
    expect(auditTargetLabel('connection:courier', nameOf)).toBe('The Couriers connection');
    expect(auditTargetLabel('connection:easypaisa', nameOf)).toBe('The EasyPaisa connection');
    expect(auditTargetLabel('connection:bank', nameOf)).toBe('connection:bank');
  });

  it('keeps any other target as written', () => {
    expect(auditTargetLabel('product:city-tote', nameOf)).toBe('product:city-tote');
    expect(auditTargetLabel('order:not-an-id', nameOf)).toBe('order:not-an-id');
  });
});
