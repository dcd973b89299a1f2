// The deploy-state rules both adapters apply to catalogue versions, so the
// SQLite and MongoDB writes agree (src/server/store/port/catalogue-versions.ts).
import type { Product } from '../../lib/product.ts';
import type { CatalogueVersion, DeployState } from './port.ts';

/** States a newer publish or a newer live version leaves behind as superseded. */
export const PENDING_STATES: readonly DeployState[] = ['queued', 'building'];

/** The version a publish records as number `number`. */
export function newVersion(
  number: number,
  input: {
    publishedAt: string;
    by: { id: string; email: string } | null;
    products: readonly Product[];
    state: 'queued' | 'building';
    message?: string | null;
  },
  changed: number,
): CatalogueVersion {
  return {
    number,
    publishedAt: input.publishedAt,
    by: input.by,
    products: input.products.length,
    changed,
    state: input.state,
    stateAt: input.publishedAt,
    message: input.message ?? null,
    liveAt: null,
  };
}

/** An older version once a newer one is published (pending → superseded) or live (live → retired too). */
export function leftBehind(
  version: CatalogueVersion,
  at: string,
  byLive: boolean,
): CatalogueVersion | null {
  if (PENDING_STATES.includes(version.state))
    return { ...version, state: 'superseded', stateAt: at, message: null };
  if (byLive && version.state === 'live') return { ...version, state: 'retired', stateAt: at };
  return null;
}

/** A version once its deploy is live. */
export function wentLive(version: CatalogueVersion, at: string): CatalogueVersion {
  return { ...version, state: 'live', stateAt: at, liveAt: at, message: null };
}
