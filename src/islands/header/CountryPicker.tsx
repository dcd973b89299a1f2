import { useEffect, useState } from 'react';
import { chooseCountry, savedCountry } from '../../stores/currency.ts';
import type { CountryGroup } from './FooterCountry.tsx';

/** Where to go after choosing: the previous page when it is ours, else home. */
function backTo(): string {
  try {
    const from = new URL(document.referrer);
    if (from.origin === location.origin && from.pathname !== location.pathname) return from.href;
  } catch {
    // No or malformed referrer: go home.
  }
  return '/';
}

/** The /selectCountry list: choosing stores the country and its currency, fetches rates and goes back. */
export default function CountryPicker({ groups }: { groups: CountryGroup[] }) {
  const [saved, setSaved] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => setSaved(savedCountry()), []);
  const choose = async (name: string, currency: string) => {
    setBusy(true);
    await chooseCountry(name, currency);
    location.assign(backTo());
  };
  return (
    <div className="regions" aria-busy={busy}>
      {groups.map((group) => (
        <section key={group.region} aria-labelledby={`region-${group.region.replace(/\W+/g, '-')}`}>
          <h2 id={`region-${group.region.replace(/\W+/g, '-')}`}>{group.region}</h2>
          <ul>
            {group.countries.map((c) => (
              <li key={c.name}>
                <button
                  type="button"
                  aria-pressed={saved === c.name}
                  onClick={() => void choose(c.name, c.currency)}
                >
                  <span>{c.name}</span>
                  <span className="code">{c.currency}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
