// The tracking job and the remittance import with Leopards, the second courier, through the desk
// router against the Leopards stand-in on 127.0.0.1: the same moves, problems and cash as PostEx's
// (tests/api/courier-tracking.test.ts), read from Leopards' words for its states.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLeopardsStandIn } from '../../src/demo/leopards-stand-in.ts';
import { settleBackground } from '../../src/server/background.ts';
import { getStore } from '../../src/server/store/index.ts';
import { lahoreAddress } from '../fixtures/address.ts';
import { deskCall, enrol, seedOrder, type Member } from '../fixtures/desk.ts';
import { useTempDataDir, setEnv } from '../fixtures/env.ts';

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let standIn: Awaited<ReturnType<typeof startLeopardsStandIn>>;
let owner: Member;
let restoreEnv: () => void;

beforeAll(async () => {
  env = await useTempDataDir();
  standIn = await startLeopardsStandIn({ apiKey: 'leopards-key', apiPassword: 'leopards-pass' });
  const vars = {
    DEFAULT_COURIER: 'leopards',
    LEOPARDS_API_KEY: 'leopards-key',
    LEOPARDS_API_PASSWORD: 'leopards-pass',
    LEOPARDS_API_URL: standIn.apiUrl,
    COURIER_TIMEOUT_MS: '3000',
  };
  restoreEnv = setEnv(vars);
  owner = await enrol('owner', 'Owner');
}, 60_000);
afterAll(async () => {
  await settleBackground();
  restoreEnv();
  await standIn.close();
  await env.cleanup();
});

const stored = async (id: string) => (await (await getStore()).orders.get(id))!;

describe('Tracking and remittances with Leopards', { timeout: 60_000 }, () => {
  it('moves a Leopards parcel to Delivered by its tracking, records its remitted cash once, and a refused one comes back as RTO', async () => {
    const booked = async () => {
      const order = await seedOrder({
        status: 'Packing',
        paymentMethod: 'COD',
        address: lahoreAddress(),
      });
      const answer = await deskCall('orders/book-courier', {
        body: { order: order.id },
        token: owner.token,
      });
      expect(answer.status).toBe(200);
      return { id: order.id, tracking: answer.body.booking.trackingNumber as string };
    };
    const delivered = await booked();
    const refused = await booked();
    for (const state of ['picked_up', 'out_for_delivery', 'delivered'])
      standIn.book.move(delivered.tracking, state as 'picked_up');
    for (const state of ['picked_up', 'out_for_delivery', 'refused', 'returned'])
      standIn.book.move(refused.tracking, state as 'picked_up');
    const tracked = await deskCall('couriers/track', { body: {}, token: owner.token });
    expect(tracked.status).toBe(200);
    expect(tracked.body.message).toBe(
      'Asked Leopards about 2 open parcels: 2 orders moved, 2 delivery problems new.',
    );
    expect((await stored(delivered.id)).status).toBe('Delivered');
    const rto = await stored(refused.id);
    expect(rto.status).toBe('Cancelled');
    expect(rto.courierBooking?.problems?.map((p) => p.state)).toEqual(['refused', 'returned']);

    standIn.book.remit(delivered.tracking, 'CHQ-7001');
    const first = await deskCall('couriers/remittances', { body: {}, token: owner.token });
    expect(first.body).toMatchObject({ recorded: 1, differences: [] });
    const again = await deskCall('couriers/remittances', { body: {}, token: owner.token });
    expect(again.body).toMatchObject({ lines: 0, recorded: 0 });
    const payments = (await stored(delivered.id)).payments ?? [];
    expect(payments.map((e) => [e.method, e.amount, e.reference])).toEqual([
      ['COD', 8350, `Leopards ${delivered.tracking} CHQ-7001`],
    ]);
  });
});
