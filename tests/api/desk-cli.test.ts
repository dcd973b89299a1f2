// The operator CLI's desk commands (`npm run shop -- …`) over a SQLite store in a temporary folder:
// the first owner's invitation link, orders shown and moved by the short number shoppers see,
// statuses typed in any case. They use the desk's own services. The commands run in this process;
// `staff add` and `orders show` each once in a fresh process, as an operator starts them.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESK_ANSWERS } from '../../src/lib/desk-messages.ts';
import { openSqliteStore } from '../../src/server/store/sqlite/index.ts';
import type { OrderRecord, Store } from '../../src/server/store/port.ts';
import { lahoreAddress } from '../fixtures/address.ts';
import { loadShop, runShop, shopInProcess } from '../fixtures/cli.ts';
import { forgetServedAt, recordServedAt } from '../../src/server/operations/served-at.ts';

let dir: string;
let store: Store;
const ORDER_ID = 'eeeeeeee-0000-4000-8000-00007133649b';

const shop = (...args: string[]) => runShop({ DATA_DIR: dir }, ...args);
/** The same command in this process. */
const shopHere = (...args: string[]) => shopInProcess({ DATA_DIR: dir }, ...args);
/** The subjects of the mails in the local outbox (no SMTP_URL), sorted. */
const outboxSubjects = () =>
  existsSync(path.join(dir, 'outbox'))
    ? readdirSync(path.join(dir, 'outbox'))
        .map((f) => /^Subject: (.*)$/m.exec(readFileSync(path.join(dir, 'outbox', f), 'utf8'))![1]!)
        .sort()
    : [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'shop-desk-cli-'));
  store = openSqliteStore(dir);
  const order: OrderRecord = {
    id: ORDER_ID,
    userId: 'shopper',
    items: [],
    address: lahoreAddress({ firstName: 'Zara', lastName: 'Khan', email: 'zara@example.com' }),
    amountPkr: 4000,
    currency: 'PKR',
    rate: 1,
    amount: 4000,
    deliveryFee: 250,
    total: 4250,
    paymentMethod: 'COD',
    status: 'Order Placed',
    cancelReason: null,
    date: '2026-03-01T20:30:00.000Z',
    idempotencyKey: null,
    requestHash: null,
  };
  await store.orders.create(order);
});
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

// Loading the CLI's modules is seconds of CPU, more on a loaded machine: a minute only catches a hang.
beforeAll(loadShop, 60_000);

describe('npm run shop -- staff add', () => {
  // In a fresh process, as an operator starts it. A process costs a second or two of CPU to start
  // here, several on a loaded 2-core machine: a minute only catches a command that hangs.
  it(
    'invites the first owner and prints the one-time link, in a fresh process',
    { timeout: 60_000 },
    () => {
      const run = shop('staff', 'add', 'Owner@Bastaa.pk', '--role', 'owner');
      expect(run.status).toBe(0);
      const [first, link] = run.out.split('\n');
      expect(first).toBe('Invited owner@bastaa.pk as owner. This link works once, for 48 hours:');
      expect(link).toMatch(/^http:\/\/localhost:8888\/desk\/invite#token=[\w-]{43}$/);
    },
  );

  it('prints the link on SITE_URL when the shop has one', async () => {
    const run = await shopInProcess(
      { DATA_DIR: dir, SITE_URL: 'https://bastaa.pk', URL: 'https://bastaa.netlify.app' },
      ...['staff', 'add', 'site@bastaa.pk', '--role', 'staff'],
    );
    expect(run.out.split('\n')[1]).toMatch(/^https:\/\/bastaa\.pk\/desk\/invite#token=[\w-]{43}$/);
  });

  it("prints the link on Netlify's address of the site when there is no SITE_URL", async () => {
    const run = await shopInProcess(
      { DATA_DIR: dir, URL: 'https://bastaa.netlify.app' },
      ...['staff', 'add', 'netlify@bastaa.pk', '--role', 'staff'],
    );
    expect(run.out.split('\n')[1]).toMatch(
      /^https:\/\/bastaa\.netlify\.app\/desk\/invite#token=[\w-]{43}$/,
    );
  });

  it('prints the link on the address npm start serves this data folder on, whatever its port', async () => {
    recordServedAt(dir, 'http://localhost:4321');
    try {
      const run = await shopInProcess(
        { DATA_DIR: dir },
        ...['staff', 'add', 'served@bastaa.pk', '--role', 'staff'],
      );
      expect(run.out.split('\n')[1]).toMatch(
        /^http:\/\/localhost:4321\/desk\/invite#token=[\w-]{43}$/,
      );
    } finally {
      forgetServedAt(dir);
    }
  });

  it('prints the link on PORT when no server has said where it serves', async () => {
    const run = await shopInProcess(
      { DATA_DIR: dir, PORT: '5173' },
      ...['staff', 'add', 'port@bastaa.pk', '--role', 'staff'],
    );
    expect(run.out.split('\n')[1]).toMatch(
      /^http:\/\/localhost:5173\/desk\/invite#token=[\w-]{43}$/,
    );
  });

  it('refuses a role other than owner or staff', async () => {
    const run = await shopHere('staff', 'add', 'someone@bastaa.pk', '--role', 'admin');
    expect(run.status).toBe(2);
    expect(run.err.split('\n')[0]).toBe('staff add needs --role owner or --role staff');
  });
});

describe('npm run shop -- orders', () => {
  // In a fresh process, as an operator starts it. A process costs a second or two of CPU to start
  // here, several on a loaded 2-core machine: a minute only catches a command that hangs.
  it(
    'shows an order by its short number in any case, in Karachi time, in a fresh process',
    { timeout: 60_000 },
    () => {
      const run = shop('orders', 'show', '#7133649b');
      expect(run.status).toBe(0);
      expect(run.out.split('\n').slice(0, 4)).toEqual([
        `Order #7133649B  ${ORDER_ID}`,
        'Placed 2026-03-02 01:30 (Asia/Karachi)  Order Placed  unpaid  COD',
        'Total PKR 4250 (PKR 4250); items PKR 4000, delivery PKR 250',
        'Shopper Zara Khan  zara@example.com  +92 300 1234567',
      ]);
    },
  );

  it('moves an order by short number with the status in any case, and records the operator on the timeline (mailing no one)', async () => {
    expect((await shopHere('orders', 'status', '7133649B', 'PACKING')).out).toBe(
      'Order #7133649B is now Packing. The shopper is mailed at zara@example.com.',
    );
    const out = await shopHere(
      ...['orders', 'status', '7133649b', 'out', 'for', 'delivery', '--courier', 'TCS'],
    );
    expect(out.out).toBe(
      'Order #7133649B is now Out for Delivery. The shopper is mailed at zara@example.com.',
    );
    // No SMTP_URL here: the mails are in the local outbox, one per move, as the desk sends them.
    expect(outboxSubjects()).toEqual([
      'Your Bastaa order #7133649B is being packed',
      'Your Bastaa order #7133649B is out for delivery',
    ]);
    const stored = await store.orders.get(ORDER_ID);
    expect(stored?.history?.map((e) => [e.to, e.by?.email])).toEqual([
      ['Packing', 'the operator (CLI)'],
      ['Out for Delivery', 'the operator (CLI)'],
    ]);
    expect(stored?.shipping).toEqual({ courier: 'TCS', trackingNumber: null });
  });

  it('moves an order without mailing anyone when told --no-mail', async () => {
    const before = outboxSubjects();
    const run = await shopHere('orders', 'status', '#7133649B', 'Delivered', '--no-mail');
    expect(run.out).toBe('Order #7133649B is now Delivered. No one is mailed (--no-mail).');
    expect(outboxSubjects()).toEqual(before);
    expect((await store.orders.get(ORDER_ID))?.status).toBe('Delivered');
  });

  it('lists orders by the number shoppers see, in Karachi time, with the total as shown', async () => {
    const run = await shopHere('orders', 'list');
    expect(run.status).toBe(0);
    expect(run.out).toBe(
      '#7133649B  2026-03-02 01:30  Delivered         ₨4,250  COD  0 item(s)  zara@example.com',
    );
  });

  it('explains an unknown status and an unknown number', async () => {
    const bad = await shopHere('orders', 'status', '7133649B', 'shipped');
    expect({ status: bad.status, err: bad.err.split('\n')[0] }).toEqual({
      status: 2,
      err: 'Unknown status "shipped". Use one of: Order Placed, Packing, Out for Delivery, Delivered, Cancelled',
    });
    const missing = await shopHere('orders', 'show', '#ABCDEF12');
    expect({ status: missing.status, err: missing.err }).toEqual({
      status: 1,
      err: DESK_ANSWERS.orderNotFound,
    });
  });
});
