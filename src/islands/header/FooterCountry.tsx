import { useState, type ChangeEvent } from 'react';
import { chooseCountry, savedCountry } from '../../stores/currency.ts';
import { ROUTES } from '../../lib/routes.ts';

/** A select-country group as the build hands it over (src/lib/countries.ts stays on the server). */
export type CountryGroup = { region: string; countries: { name: string; currency: string }[] };

/** The country the select shows a visitor who has not chosen one (docs/product.md, the footer). */
export const DEFAULT_FOOTER_COUNTRY = 'India';

/**
 * The footer's country/currency select. It shows the shopper's saved country (the first-paint
 * script selects it before hydration) or India, and applies a choice at once, in place: it stores
 * the country, fetches rates and repaints the page's prices, strip, notice and delivery estimate without a reload, so
 * a keyboard moving through the closed list changes the prices it reads and never the page it is
 * on (WCAG 3.2.2: a change of content, not of context). What changed is announced. The select is
 * left uncontrolled so a choice made before hydration survives it (the directive replays it).
 */
export default function FooterCountry({ groups }: { groups: CountryGroup[] }) {
  const [said, setSaid] = useState('');
  const onChange = async (event: ChangeEvent<HTMLSelectElement>) => {
    const name = event.currentTarget.value;
    const entry = groups.flatMap((g) => g.countries).find((c) => c.name === name);
    if (!entry) return;
    // The painters load with the first choice, alongside the rates (they are not needed before).
    const [shown, { paintCurrency }, { paintDelivery }] = await Promise.all([
      chooseCountry(entry.name, entry.currency),
      import('../../client/paint-currency.ts'),
      import('../../client/delivery-paint.ts'),
    ]);
    paintCurrency(shown, entry.name);
    paintDelivery(entry.name);
    setSaid(`Shipping to ${entry.name}: prices are now in ${shown.code}.`);
  };
  // The saved country in the browser (what the first-paint script selected), India in the HTML.
  // Marked on its option: Preact selects a `defaultValue` only among a select's own options, not
  // inside its groups.
  const initial = (typeof window === 'undefined' ? '' : savedCountry()) || DEFAULT_FOOTER_COUNTRY;
  return (
    <form className="footer-country" action={ROUTES.selectCountry} method="get">
      <label htmlFor="footer-country">Country / currency</label>
      <select id="footer-country" name="country" onChange={(e) => void onChange(e)}>
        {groups.map((g) => (
          <optgroup key={g.region} label={g.region}>
            {g.countries.map((c) => (
              <option key={`${g.region}-${c.name}`} value={c.name} selected={c.name === initial}>
                {c.name} ({c.currency})
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <p className="visually-hidden" role="status">
        {said}
      </p>
    </form>
  );
}
