import { useState, type FormEvent } from 'react';
import { chooseCountry } from '../../stores/currency.ts';
import { ROUTES } from '../../lib/routes.ts';

/** A select-country group as the build hands it over (src/lib/countries.ts stays on the server). */
export type CountryGroup = { region: string; countries: { name: string; currency: string }[] };

/** The select's first, neutral entry: nothing is claimed about a visitor who has not chosen. */
export const COUNTRY_PLACEHOLDER = 'Choose your country';

/**
 * The footer's country/currency select. It shows the shopper's saved country (the first-paint
 * script selects it before hydration) or a neutral placeholder, and applies a choice only on the
 * explicit Update button: moving through the list by keyboard changes nothing (WCAG 3.2.2). The
 * select is left uncontrolled so a choice made before hydration survives it. Applying stores the
 * country, fetches rates and reloads, so every static price repaints in the new currency.
 */
export default function FooterCountry({ groups }: { groups: CountryGroup[] }) {
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = new FormData(event.currentTarget).get('country');
    const entry = groups.flatMap((g) => g.countries).find((c) => c.name === name);
    if (!entry) return;
    setBusy(true);
    await chooseCountry(entry.name, entry.currency);
    window.location.reload();
  };
  return (
    <form
      className="footer-country"
      action={ROUTES.selectCountry}
      method="get"
      onSubmit={(e) => void onSubmit(e)}
    >
      <label htmlFor="footer-country">Country / currency</label>
      <div className="row">
        <select id="footer-country" name="country" suppressHydrationWarning>
          <option value="">{COUNTRY_PLACEHOLDER}</option>
          {groups.map((g) => (
            <optgroup key={g.region} label={g.region}>
              {g.countries.map((c) => (
                <option key={`${g.region}-${c.name}`} value={c.name}>
                  {c.name} ({c.currency})
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        <button type="submit" className="button secondary" disabled={busy}>
          {busy ? 'Updating…' : 'Update'}
        </button>
      </div>
    </form>
  );
}
