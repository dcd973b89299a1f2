import { useEffect } from 'react';
import { startAccount } from '../../stores/account.ts';
import { refreshCurrency } from '../../stores/currency.ts';

/**
 * Starts what the header would start (the shopper's carts, favourites and exchange rate) without
 * hydrating it: /Cart and /Checkout need their data at once, but the header's code only when the
 * shopper touches it, or when a message or a drawer wakes it (notify and openDrawer do).
 */
export function useStartShop(): void {
  useEffect(() => {
    void startAccount();
    void refreshCurrency();
  }, []);
}
