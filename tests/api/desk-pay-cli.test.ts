// The operator CLI's settings and payment commands (`npm run shop -- …`) over a SQLite store in a
// temporary folder: settings listed with their defaults, bank details typed on one command line as
// field=value pairs or JSON, refused values that change nothing, and payments recorded by the short
// number, shown with the wallet number by `orders show`. The commands run in this process;
// `settings list` and `orders paid` each once in a fresh process, as an operator starts them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '../../src/lib/contract/payments.ts';
import { SETTINGS_MESSAGES } from '../../src/lib/contract/settings.ts';
import { openSqliteStore } from '../../src/server/store/sqlite/index.ts';
import type { Store } from '../../src/server/store/port.ts';
import { lahoreAddress } from '../fixtures/address.ts';
import { orderRecord } from '../fixtures/store.ts';
import { loadShop, runShop, shopInProcess } from '../fixtures/cli.ts';

let dir: string;
let store: Store;
const ORDER_ID = 'ffffffff-0000-4000-8000-00007133649c';

/** Runs a CLI command in this process over the test's store. */
const shop = (...args: string[]) => shopInProcess({ DATA_DIR: dir }, ...args);
/** The same command in a fresh process, as an operator starts it. */
const shopProcess = (...args: string[]) => runShop({ DATA_DIR: dir }, ...args);

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'shop-pay-cli-'));
  store = openSqliteStore(dir);
  await store.orders.create(
    orderRecord({
      id: ORDER_ID,
      paymentMethod: 'JazzCash',
      walletNumber: '03001234567',
      address: lahoreAddress({ firstName: 'Zara', lastName: 'Khan' }),
      amount: 4000,
      amountPkr: 4000,
      total: 4250,
    }),
  );
});
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});
// Loading the CLI's modules is seconds of CPU, more on a loaded machine: a minute only catches a hang.
beforeAll(loadShop, 60_000);

describe('npm run shop -- settings', () => {
  // In a fresh process, as an operator starts it. A process costs a second or two of CPU to start
  // here, several on a loaded 2-core machine: a minute only catches a command that hangs.
  it(
    'lists every setting with the defaults marked, in a fresh process',
    { timeout: 60_000 },
    () => {
      const run = shopProcess('settings', 'list');
      expect(run.status).toBe(0);
      expect(run.out.split('\n')).toEqual([
        'whatsappNumber  923001234567  (default)',
        'supportEmail    care@bastaa.pk  (default)',
        'ordersEmail     care@bastaa.pk  (default)',
        'bankDetails     null  (default)',
        'supportHours    {"open":"Monday to Saturday, 24 hours","closed":"Closed Sunday and public holidays"}  (default)',
        'deliveryDays    {"pakistan":{"from":2,"to":7},"abroad":{"from":7,"to":14}}  (default)',
        'codConfirmation {"rule":"off","hours":48}  (default)',
      ]);
    },
  );

  it('sets the delivery estimates typed as "pakistan=3-8; abroad=10-21", and refuses a first day after the last', async () => {
    const run = await shop('settings', 'set', 'deliveryDays', 'pakistan=3-8; abroad=10–21');
    expect(run.status).toBe(0);
    expect(run.out.split('\n')).toEqual([
      'Saved the delivery estimates.',
      'deliveryDays = {"pakistan":{"from":3,"to":8},"abroad":{"from":10,"to":21}}',
    ]);
    const refused = await shop('settings', 'set', 'deliveryDays', 'pakistan=9-8; abroad=10-21');
    expect(refused.status).not.toBe(0);
    expect(refused.err).toContain('In Pakistan: the first day must not be after the last');
    expect((await shop('settings', 'get', 'deliveryDays')).out).toBe(
      '{"pakistan":{"from":3,"to":8},"abroad":{"from":10,"to":21}}',
    );
  });

  it('sets the COD confirmation typed as "rule=above; abovePkr=5000; hours=48", and refuses hours out of bounds', async () => {
    const run = await shop(
      'settings',
      'set',
      'codConfirmation',
      'rule=above; abovePkr=5000; hours=48',
    );
    expect(run.status).toBe(0);
    expect(run.out.split('\n')).toEqual([
      'Saved the COD confirmation.',
      'codConfirmation = {"rule":"above","abovePkr":5000,"hours":48}',
    ]);
    const refused = await shop('settings', 'set', 'codConfirmation', 'rule=all; hours=0');
    expect(refused.status).not.toBe(0);
    expect(refused.err).toContain(SETTINGS_MESSAGES.codHours);
    expect((await shop('settings', 'set', 'codConfirmation', 'rule=off; hours=48')).status).toBe(0);
  });

  it('sets bank details typed as field=value pairs, and audits the change as the CLI', async () => {
    const run = await shop(
      'settings',
      'set',
      'bankDetails',
      'accountTitle=Bastaa Bags; bank=Meezan Bank; iban=PK36 SCBL 0000 0011 2345 6702',
    );
    expect(run.status).toBe(0);
    expect(run.out.split('\n')).toEqual([
      'Saved the bank details.',
      'bankDetails = {"accountTitle":"Bastaa Bags","bank":"Meezan Bank","iban":"PK36SCBL0000001123456702"}',
    ]);
    const [entry] = await store.audit.list({ action: 'settings.save' });
    expect(entry).toMatchObject({
      actor: { id: 'cli', email: 'the operator (CLI)' },
      before: { bankDetails: null },
      after: { bankDetails: { iban: 'PK36SCBL0000001123456702' } },
    });
  });

  it('sets an object typed as JSON, and gets one setting', async () => {
    const hours = '{"open":"Every day, 10 to 8","closed":"Closed on Eid"}';
    expect((await shop('settings', 'set', 'supportHours', hours)).status).toBe(0);
    expect((await shop('settings', 'get', 'supportHours')).out).toBe(hours);
    expect((await shop('settings', 'set', 'ordersEmail', 'Orders@Bastaa.pk')).status).toBe(0);
    expect((await shop('settings', 'get', 'ordersEmail')).out).toBe('orders@bastaa.pk');
  });

  it('refuses an IBAN with a mistyped digit and changes nothing', async () => {
    const before = await store.settings.get();
    const run = await shop(
      'settings',
      'set',
      'bankDetails',
      'accountTitle=A; bank=B; iban=PK36SCBL0000001123456703',
    );
    expect(run.status).toBe(1);
    expect(run.err.split('\n')).toEqual([
      'bankDetails.iban: IBAN check digits do not match: please check for a typo',
      'Nothing was changed.',
    ]);
    expect(await store.settings.get()).toEqual(before);
  });

  it('refuses an unknown key with the list of keys', async () => {
    const run = await shop('settings', 'set', 'shopName', 'Evil');
    expect(run.status).toBe(2);
    expect(run.err.split('\n')[0]).toBe(
      'settings set needs a key: whatsappNumber, supportEmail, ordersEmail, bankDetails, supportHours, deliveryDays, codConfirmation',
    );
  });
});

describe('npm run shop -- orders paid', () => {
  // `orders paid` in a fresh process, as an operator starts it. A process costs a second or two of
  // CPU to start here, several on a loaded 2-core machine: a minute only catches a command that hangs.
  it(
    'records a wallet payment by short number, and orders show lists it with the wallet number, in a fresh process',
    { timeout: 60_000 },
    async () => {
      const run = shopProcess(
        'orders',
        'paid',
        '#7133649c',
        '4000',
        '--method',
        'JazzCash',
        '--reference',
        'JC-1',
      );
      expect(run.status).toBe(0);
      expect(run.out).toBe('Recorded ₨4,000 by JazzCash on order #7133649C. ₨250 is still due.');
      const show = (await shop('orders', 'show', '7133649C')).out.split('\n');
      expect(show).toContain('Wallet number 03001234567');
      expect(
        show.some((l) =>
          /^Paid PKR 4000 by JazzCash \(reference JC-1\), .+, by the operator \(CLI\)$/.test(l),
        ),
      ).toBe(true);
      expect(show).toContain('Still due PKR 250');
    },
  );

  it('refuses cash on delivery before the order is Delivered, and a payment without a reference', async () => {
    const cod = await shop('orders', 'paid', '7133649C', '250', '--method', 'COD');
    expect({ status: cod.status, err: cod.err }).toEqual({
      status: 1,
      err: PAYMENT_MESSAGES.codNotDelivered('Order Placed'),
    });
    const bank = await shop('orders', 'paid', '7133649C', '250', '--method', 'Bank Transfer');
    expect({ status: bank.status, err: bank.err }).toEqual({
      status: 1,
      err: PAYMENT_MESSAGES.referenceRequired('Bank Transfer'),
    });
  });
});
