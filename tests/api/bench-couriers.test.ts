// The bench's open-parcels section (scripts/bench/couriers.ts) on 60 parcels: it books every one
// in presses of 25, one booking request a parcel, and one tracking run follows them all in
// requests of at most 50, so `npm run bench -- --only=couriers` measures what it says.
import { describe, expect, it } from 'vitest';
import { courierBench } from '../../scripts/bench/couriers.ts';

describe('the bench of open parcels', () => {
  it(
    'books 60 packed orders in three presses, one request a parcel, and one tracking run moves all 60 in two requests',
    { timeout: 60_000 },
    async () => {
      const row = await courierBench(60);
      expect(row).toMatchObject({
        parcels: 60,
        presses: 3,
        bookRequests: 60,
        trackRuns: 1,
        trackRequests: 2,
        largestTrackRequest: 50,
        movedToOutForDelivery: 60,
      });
    },
  );
});
