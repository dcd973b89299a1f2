// Which push addresses the shop sends to: a table of addresses, each with the words it is refused
// with (or none), checked with a resolver that answers from a table, so no test asks DNS. The
// addresses of the finding come first: the cloud's metadata service, a database port on the
// private network, SSH on loopback, loopback written as one decimal number, localhost, a user and
// password, another port. Then names of the push services that resolve to private addresses, and
// the same refusals through the desk's real call, which saves nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_ANSWERS } from '../../src/lib/push.ts';
import { settleBackground } from '../../src/server/background.ts';
import { getDeps } from '../../src/server/deps.ts';
import {
  addPushDevice,
  checkPushEndpoint,
  pushAlert,
} from '../../src/server/operations/push/index.ts';
import { getStore } from '../../src/server/store/index.ts';
import { deskCall, enrol, seedOrder, type Member } from '../fixtures/desk.ts';
import { useTempDataDir } from '../fixtures/env.ts';
import { fakeResolver } from '../fixtures/fake-dns.ts';

/** What the table's names resolve to: the push services at public addresses, and traps. */
const resolve = fakeResolver({
  'fcm.googleapis.com': ['142.250.181.234', '2a00:1450:4018:800::200a'],
  'updates.push.services.mozilla.com': ['34.117.65.55'],
  'web.push.apple.com': ['17.188.182.12'],
  'wns2-db5p.notify.windows.com': ['20.42.65.85'],
  // Names under the push services' suffixes whose answers lead inside.
  'metadata.push.apple.com': ['169.254.169.254'],
  'redis.notify.windows.com': ['10.0.0.1'],
  'loop.push.apple.com': ['127.0.0.1'],
  'cgnat.notify.windows.com': ['100.64.12.7'],
  'mapped.push.apple.com': ['::ffff:169.254.169.254'],
  'six.notify.windows.com': ['fd00::1'],
  'linklocal.push.apple.com': ['fe80::1'],
  'mixed.push.apple.com': ['17.188.182.12', '192.168.1.1'],
});

const FCM = 'https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91bH';

const TABLE: [string, string | null][] = [
  // The finding's addresses.
  ['http://169.254.169.254/latest/meta-data/iam/', PUSH_ANSWERS.httpsOnly],
  ['http://10.0.0.1:6379/', PUSH_ANSWERS.httpsOnly],
  ['http://[::1]:22/', PUSH_ANSWERS.httpsOnly],
  ['http://2130706433:25/', PUSH_ANSWERS.httpsOnly],
  ['http://localhost:8888/api/desk/me', PUSH_ANSWERS.httpsOnly],
  ['https://user:pass@fcm.googleapis.com/fcm/send/x', PUSH_ANSWERS.credentials],
  ['https://fcm.googleapis.com:8443/fcm/send/x', PUSH_ANSWERS.otherPort],
  // The same over https, so the scheme is not what refuses them.
  ['https://169.254.169.254/latest/meta-data/iam/', PUSH_ANSWERS.ipLiteral],
  ['https://10.0.0.1:6379/', PUSH_ANSWERS.ipLiteral],
  ['https://[::1]:22/', PUSH_ANSWERS.ipLiteral],
  ['https://2130706433/', PUSH_ANSWERS.ipLiteral],
  ['https://0x7f.1/', PUSH_ANSWERS.ipLiteral],
  ['https://[::ffff:169.254.169.254]/', PUSH_ANSWERS.ipLiteral],
  ['https://100.64.0.1/', PUSH_ANSWERS.ipLiteral],
  ['https://142.250.181.234/fcm/send/x', PUSH_ANSWERS.ipLiteral],
  ['https://localhost/', PUSH_ANSWERS.notPushService],
  ['https://user@updates.push.services.mozilla.com/wpush/v2/x', PUSH_ANSWERS.credentials],
  ['https://fcm.googleapis.com:80/fcm/send/x', PUSH_ANSWERS.otherPort],
  // Hosts that are not a push service, or only look like one.
  ['https://push.example.com/send/x', PUSH_ANSWERS.notPushService],
  ['https://fcm.googleapis.com.evil.example/fcm/send/x', PUSH_ANSWERS.notPushService],
  ['https://evilpush.apple.com/x', PUSH_ANSWERS.notPushService],
  ['https://push.apple.com/x', PUSH_ANSWERS.notPushService],
  ['https://fcm.googleapis.com./fcm/send/x', PUSH_ANSWERS.notPushService],
  ['ftp://fcm.googleapis.com/x', PUSH_ANSWERS.httpsOnly],
  // Push services' names that resolve inside.
  ['https://metadata.push.apple.com/3/device/x', PUSH_ANSWERS.resolvesInside],
  ['https://redis.notify.windows.com/w/?token=x', PUSH_ANSWERS.resolvesInside],
  ['https://loop.push.apple.com/3/device/x', PUSH_ANSWERS.resolvesInside],
  ['https://cgnat.notify.windows.com/w/?token=x', PUSH_ANSWERS.resolvesInside],
  ['https://mapped.push.apple.com/3/device/x', PUSH_ANSWERS.resolvesInside],
  ['https://six.notify.windows.com/w/?token=x', PUSH_ANSWERS.resolvesInside],
  ['https://linklocal.push.apple.com/3/device/x', PUSH_ANSWERS.resolvesInside],
  ['https://mixed.push.apple.com/3/device/x', PUSH_ANSWERS.resolvesInside],
  // A name that does not resolve now.
  ['https://gone.notify.windows.com/w/?token=x', PUSH_ANSWERS.lookupFailed],
  // The browsers' push services, as their subscriptions name them.
  [FCM, null],
  ['https://fcm.googleapis.com:443/fcm/send/x', null],
  ['https://updates.push.services.mozilla.com/wpush/v2/gAAAAABl', null],
  ['https://web.push.apple.com/QGuQyavXutnMH4Iv', null],
  ['https://wns2-db5p.notify.windows.com/w/?token=BQYAAAB', null],
];

describe('checkPushEndpoint', () => {
  for (const [endpoint, refused] of TABLE)
    it(`${refused ? 'refuses' : 'accepts'} ${endpoint}${refused ? `: ${refused}` : ''}`, async () => {
      const answer = await checkPushEndpoint(endpoint, { resolve });
      expect(answer?.problem ?? null).toBe(refused);
    });

  it('accepts the stand-in named by PUSH_SERVICE_STAND_IN on its own origin only, without DNS', async () => {
    const standIn = 'http://localhost:8890';
    const none = fakeResolver({});
    expect(
      await checkPushEndpoint('http://localhost:8890/notify/abc', { standIn, resolve: none }),
    ).toBeNull();
    expect(
      (await checkPushEndpoint('http://localhost:8891/notify/abc', { standIn, resolve: none }))
        ?.problem,
    ).toBe(PUSH_ANSWERS.httpsOnly);
    expect(
      (await checkPushEndpoint('http://127.0.0.1:8890/notify/abc', { standIn, resolve: none }))
        ?.problem,
    ).toBe(PUSH_ANSWERS.httpsOnly);
  });
});

describe('turning alerts on for an address inside', { timeout: 60_000 }, () => {
  let env: Awaited<ReturnType<typeof useTempDataDir>>;
  let member: Member;
  const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
  const body = (endpoint: string) => ({
    subscription: { endpoint, expirationTime: null, keys },
    kinds: ['new-order' as const],
    label: 'Probe',
  });

  beforeAll(async () => {
    env = await useTempDataDir();
    member = await enrol('staff', 'Probing Staff');
  }, 60_000);
  afterAll(async () => env.cleanup());

  it("refuses the finding's addresses through the desk's call, 400 with the reason, and saves nothing", async () => {
    for (const [endpoint, refused] of TABLE.slice(0, 7)) {
      const answer = await deskCall('alerts/add', { body: body(endpoint), token: member.token });
      expect(answer, endpoint).toMatchObject({ status: 400, body: { message: refused } });
    }
    expect(await (await getStore()).pushSubscriptions.listByStaff(member.id)).toEqual([]);
  });

  it('refuses a push service’s name that resolves to a private address, and keeps a public one', async () => {
    const deps = await getDeps();
    const staff = (await (await getStore()).staff.findById(member.id))!;
    await expect(
      addPushDevice(deps, staff, body('https://metadata.push.apple.com/3/device/x'), resolve),
    ).rejects.toThrow(PUSH_ANSWERS.resolvesInside);
    const added = await addPushDevice(deps, staff, body(FCM), resolve);
    expect(added.devices.map((d) => d.endpoint)).toEqual([FCM]);
  });

  it('never sends to an address saved before the check (an old row pointing inside)', async () => {
    const store = await getStore();
    await store.pushSubscriptions.save({
      id: 'old-row',
      staffId: member.id,
      endpoint: 'http://169.254.169.254/latest/meta-data/iam/',
      keys,
      kinds: ['cancelled'],
      label: 'Old row',
      createdAt: new Date().toISOString(),
    });
    const order = await seedOrder();
    let asked = 0;
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async () => {
      asked++;
      return new Response(null, { status: 201 });
    }) as typeof fetch;
    try {
      expect(await pushAlert(await getDeps(), 'cancelled', order.id)).toEqual(['failed']);
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(asked).toBe(0);
    await settleBackground();
  });
});
