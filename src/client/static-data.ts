// Files the build ships beside the pages, read like the API's answers: here, and parsed, so no
// store fetches on its own and a file that does not match counts as absent.
import { storedRatesSchema, type StoredRates } from '../lib/stored-values.ts';

/** Where the build writes its rates snapshot (src/pages/rates-snapshot.json.ts). */
export const RATES_SNAPSHOT_PATH = '/rates-snapshot.json';

/**
 * The dated rates the build shipped with the site (the last ones the store knew), or null when the
 * file cannot be fetched, is not the snapshot's shape, or holds none (`fetchedAt` 0).
 */
export async function fetchRatesSnapshot(): Promise<StoredRates | null> {
  try {
    const res = await fetch(RATES_SNAPSHOT_PATH);
    const parsed = storedRatesSchema.safeParse(await res.json());
    return parsed.success && parsed.data.fetchedAt > 0 ? parsed.data : null;
  } catch {
    return null;
  }
}
