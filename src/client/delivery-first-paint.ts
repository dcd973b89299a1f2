// Inlined after the product page's delivery estimate (`?inline-script`): the saved country's
// estimate before the first paint.
import { KEYS } from '../lib/storage-keys.ts';
import { paintDelivery } from './delivery-paint.ts';

try {
  const country = localStorage.getItem(KEYS.selectedCountry);
  if (country) paintDelivery(country);
} catch {
  // No storage: Pakistan's estimate, as rendered.
}
