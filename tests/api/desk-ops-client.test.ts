// The desk's settings, failed-mail and business screens' calls from the browser client and store,
// against the real desk function (the browser's fetch is routed to netlify/functions/desk.mts with
// the Request the client built): the settings form's save body, the CSV export fetched as a file
// with the token header, and failed mails listed and resent with the server's words.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DESK_ANSWERS } from '../../src/lib/desk-messages.ts';
import { DESK_OPS_ANSWERS } from '../../src/lib/desk-ops.ts';
import { SETTINGS_MESSAGES } from '../../src/lib/contract/settings.ts';
import { settingsFields, settingsSave } from '../../src/lib/desk-ops-view.ts';
import { karachiDay, shortNumber } from '../../src/lib/desk.ts';
import { settleBackground } from '../../src/server/background.ts';
import { MAIL_RETRY_AFTER_MS } from '../../src/server/operations/mail-failures.ts';
import { getStore } from '../../src/server/store/index.ts';
import type { MailFailureRecord } from '../../src/server/store/port.ts';
import { ApiError } from '../../src/client/api.ts';
import { deskCall, deskFile } from '../../src/client/desk-calls.ts';
import { callDesk, fetchDeskFile } from '../../src/stores/desk-call.ts';
import {
  $deskNotice,
  $deskStaff,
  $deskSession,
  endSession,
  startSession,
} from '../../src/stores/desk.ts';
import {
  allow,
  routeFetchToDesk,
  useBrowserSession,
  enrol,
  seedOrder,
  type Member,
} from '../fixtures/desk.ts';
import { useTempDataDir } from '../fixtures/env.ts';

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let owner: Member;
let staff: Member;
let restoreFetch: () => void;
const sent: Request[] = [];

beforeAll(async () => {
  env = await useTempDataDir();
  owner = await enrol('owner', 'Ops Owner');
  staff = await enrol('staff', 'Ops Staff');
  // The look-up and the export are personal data: this member is one the owner allowed.
  await allow(owner, staff, 'personalData', 'sales');
  restoreFetch = routeFetchToDesk(sent, '203.0.113.60');
}, 60_000);

afterEach(() => {
  sent.length = 0;
  endSession();
  $deskNotice.set(null);
});

afterAll(async () => {
  restoreFetch();
  await settleBackground();
  await env.cleanup();
});

/** Signs the store in as `member` (as the desk does after sign-in). */
async function signInAs(member: Member) {
  const me = await deskCall('deskMe', {}, { token: member.token });
  useBrowserSession(member.token);
  startSession({ staff: me.staff, message: 'signed in' });
}

describe('the settings screen', { timeout: 60_000 }, () => {
  it('saves only the keys whose fields the owner changed, and answers the settings as they now stand', async () => {
    await signInAs(owner);
    const loaded = await callDesk('deskSettings', {});
    expect(loaded.defaults).toEqual([
      'whatsappNumber',
      'supportEmail',
      'ordersEmail',
      'bankDetails',
      'supportHours',
      'deliveryDays',
      'codConfirmation',
    ]);
    const before = settingsFields(loaded.settings);
    const body = settingsSave(before, {
      ...before,
      ordersEmail: 'orders@bastaa.pk',
      accountTitle: 'Bastaa Traders',
      bank: 'Meezan Bank',
      iban: 'PK36 SCBL 0000 0011 2345 6702',
    });
    sent.length = 0;
    const saved = await callDesk('deskSettingsSave', body!);
    expect(await sent[0]!.json()).toEqual({
      ordersEmail: 'orders@bastaa.pk',
      bankDetails: {
        accountTitle: 'Bastaa Traders',
        bank: 'Meezan Bank',
        iban: 'PK36 SCBL 0000 0011 2345 6702',
      },
    });
    expect(saved.message).toBe(SETTINGS_MESSAGES.saved(['ordersEmail', 'bankDetails']));
    expect(saved.defaults).toEqual([
      'whatsappNumber',
      'supportEmail',
      'supportHours',
      'deliveryDays',
      'codConfirmation',
    ]);
    expect(saved.settings.bankDetails).toEqual({
      accountTitle: 'Bastaa Traders',
      bank: 'Meezan Bank',
      iban: 'PK36SCBL0000001123456702',
    });
    // The form reloaded from the answer has nothing left to save.
    const after = settingsFields(saved.settings);
    expect(settingsSave(after, after)).toBeNull();
    const audit = await callDesk('deskAudit', { limit: 5 });
    const entry = audit.entries.find((e) => e.action === 'settings.save')!;
    expect(entry.actor.email).toBe(owner.email);
    expect(entry.after).toMatchObject({ ordersEmail: 'orders@bastaa.pk' });
  });

  it("shows the server's field message for a bad IBAN and changes nothing", async () => {
    await signInAs(owner);
    const before = settingsFields((await callDesk('deskSettings', {})).settings);
    const failure = await callDesk(
      'deskSettingsSave',
      settingsSave(before, { ...before, iban: '', supportEmail: 'help@bastaa.pk' })!,
    ).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 400, message: SETTINGS_MESSAGES.ibanRequired });
    const now = await callDesk('deskSettings', {});
    expect(settingsFields(now.settings)).toEqual(before);
  });

  it('lets staff read the settings but answers their save with the owner-only refusal', async () => {
    await signInAs(staff);
    const read = await callDesk('deskSettings', {});
    const before = settingsFields(read.settings);
    const failure = await callDesk(
      'deskSettingsSave',
      settingsSave(before, { ...before, ordersEmail: 'thief@example.com' })!,
    ).catch((e: unknown) => e);
    expect(failure).toMatchObject({ status: 403, message: DESK_ANSWERS.ownerOnly });
    expect((await callDesk('deskSettings', {})).settings.ordersEmail).toBe(
      read.settings.ordersEmail,
    );
    expect($deskStaff.get()?.email).toBe(staff.email);
  });
});

describe('the CSV export', { timeout: 60_000 }, () => {
  it("is fetched in the browser's session (its cookie, no token header) and saved under the server's filename, holding the period's orders", async () => {
    const order = await seedOrder();
    const day = karachiDay(order.date);
    useBrowserSession(staff.token);
    const file = await deskFile('deskExport', { from: day, to: day });
    expect(sent[0]!.headers.get('token')).toBeNull();
    expect(sent[0]!.headers.get('cookie')).toBe(`deskSession=${staff.token}`);
    expect(new URL(sent[0]!.url).pathname).toBe('/api/desk/orders/export');
    expect(file.filename).toBe(`orders-${day}-to-${day}.csv`);
    expect(file.blob.type).toBe('text/csv;charset=utf-8');
    const text = await file.blob.text();
    // Blob.text() decodes UTF-8 and drops the byte-order mark the export starts with.
    expect(text.split('\r\n')[0]).toMatch(/^Number,Order id,Placed \(Karachi\),/);
    expect(text).toContain(`#${shortNumber(order.id)},${order.id},`);
  });

  it("fails with the server's message when the period is backwards", async () => {
    const failure = await deskFile(
      'deskExport',
      { from: '2026-03-02', to: '2026-03-01' },
      { token: staff.token },
    ).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 400, message: DESK_OPS_ANSWERS.badDates });
  });

  it('fails with the schema message for a date that is not YYYY-MM-DD', async () => {
    const failure = await deskFile(
      'deskExport',
      { from: '1/3/2026', to: '2026-03-01' },
      { token: staff.token },
    ).catch((e: unknown) => e);
    expect(failure).toMatchObject({ status: 400, message: 'Dates must be written YYYY-MM-DD' });
  });

  it('ends the session and says so when the token is no longer valid', async () => {
    startSession({
      staff: (await deskCall('deskMe', {}, { token: staff.token })).staff,
      message: '',
    });
    useBrowserSession('not-a-token');
    const failure = await fetchDeskFile('deskExport', {
      from: '2026-03-01',
      to: '2026-03-01',
    }).catch((e: unknown) => e);
    expect(failure).toMatchObject({ status: 401, message: DESK_ANSWERS.sessionEnded });
    expect($deskSession.get()).toBeNull();
    expect($deskStaff.get()).toBeNull();
    expect($deskNotice.get()).toMatchObject({ kind: 'error', text: DESK_ANSWERS.sessionEnded });
  });
});

/** A failed shopper mail put straight into the store (how mails fail is desk-mail.test.ts's). */
async function storedFailure(): Promise<MailFailureRecord> {
  const order = await seedOrder();
  const failure: MailFailureRecord = {
    id: crypto.randomUUID(),
    kind: 'order-status',
    orderId: order.id,
    to: `shopper-${crypto.randomUUID().slice(0, 8)}@example.com`,
    subject: `Your Bastaa order #${shortNumber(order.id)} is Packing`,
    text: 'Dear Sana,\n\nYour order is now Packing.',
    error: 'Mailbox unavailable',
    attempts: 1,
    state: 'failed',
    createdAt: new Date().toISOString(),
    lastTriedAt: new Date().toISOString(),
    nextTryAt: Date.now() + MAIL_RETRY_AFTER_MS[0],
    claimedUntil: null,
    sentAt: null,
    sentBy: null,
  };
  await (await getStore()).mailFailures.add(failure);
  return failure;
}

describe('the failed mails screen', { timeout: 60_000 }, () => {
  it('lists a failed mail with its order number, then resends it once: 200, then 409', async () => {
    await signInAs(staff);
    const failure = await storedFailure();
    const listed = (await callDesk('deskMailFailures', { all: false, limit: 200 })).failures;
    const row = listed.find((f) => f.id === failure.id)!;
    expect(row).toMatchObject({
      number: shortNumber(failure.orderId),
      to: failure.to,
      error: 'Mailbox unavailable',
      attempts: 1,
      state: 'failed',
    });
    const resent = await callDesk('deskMailResend', { id: failure.id });
    expect(resent.message).toBe(DESK_OPS_ANSWERS.mailResent(failure.to));
    const again = await callDesk('deskMailResend', { id: failure.id }).catch((e: unknown) => e);
    expect(again).toMatchObject({ status: 409, message: DESK_OPS_ANSWERS.mailAlreadySent });
    const waiting = (await callDesk('deskMailFailures', { all: false, limit: 200 })).failures;
    expect(waiting.map((f) => f.id)).not.toContain(failure.id);
    const everything = (await callDesk('deskMailFailures', { all: true, limit: 200 })).failures;
    expect(everything.find((f) => f.id === failure.id)).toMatchObject({
      state: 'sent',
      sentBy: staff.email,
    });
  });

  it('answers a resend of an unknown mail with 404 and its message', async () => {
    await signInAs(staff);
    const failure = await callDesk('deskMailResend', { id: 'no-such-mail' }).catch(
      (e: unknown) => e,
    );
    expect(failure).toMatchObject({ status: 404, message: DESK_OPS_ANSWERS.mailNotFound });
  });

  it("answers 503 with the mail server's error when the mail still cannot be sent, and keeps it listed", async () => {
    await signInAs(staff);
    const failure = await storedFailure();
    // Nothing listens on port 1: the SMTP connection is refused, as a mail server that is down.
    process.env.SMTP_URL = 'smtp://127.0.0.1:1';
    let refused: unknown;
    try {
      refused = await callDesk('deskMailResend', { id: failure.id }).catch((e: unknown) => e);
    } finally {
      delete process.env.SMTP_URL;
    }
    const row = (await callDesk('deskMailFailures', { all: false, limit: 200 })).failures.find(
      (f) => f.id === failure.id,
    )!;
    expect(row.state).not.toBe('sent');
    expect(row.attempts).toBe(2);
    expect(refused).toMatchObject({
      status: 503,
      message: DESK_OPS_ANSWERS.mailStillFailing(row.error),
    });
  });
});
