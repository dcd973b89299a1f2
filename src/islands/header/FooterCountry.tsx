import { useEffect, useState } from 'react';
import { chooseCountry } from '../../stores/currency.ts';
import { KEYS, readText } from '../../stores/storage.ts';

/** A select-country group as the build hands it over (src/lib/countries.ts stays on the server). */
export type CountryGroup = { region: string; countries: { name: string; currency: string }[] };

/**
 * The footer's country/currency select (default India, SPEC §2). Choosing a country stores it,
 * fetches rates and reloads, so every static price repaints in the new currency.
 */
export default function FooterCountry({ groups, defaultCountry }: { groups: CountryGroup[]; defaultCountry: string }) {
  const [value, setValue] = useState(defaultCountry);
  const [busy, setBusy] = useState(false);
  useEffect(() => setValue(readText(KEYS.selectedCountry) || defaultCountry), [defaultCountry]);
  const onChange = async (name: string) => {
    const entry = groups.flatMap((g) => g.countries).find((c) => c.name === name);
    if (!entry) return;
    setValue(name);
    setBusy(true);
    await chooseCountry(entry.name, entry.currency);
    window.location.reload();
  };
  return (
    <div className="footer-country">
      <label htmlFor="footer-country">Country / currency</label>
      <select id="footer-country" value={value} disabled={busy} onChange={(e) => void onChange(e.target.value)} suppressHydrationWarning>
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
    </div>
  );
}
