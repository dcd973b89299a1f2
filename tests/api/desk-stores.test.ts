// The desk's resource stores (staff, settings, business, failed mails, audit, slips, the
// invitation) against the real desk function: the browser's fetch is routed to
// netlify/functions/desk.mts with the Request the client built. Each store is loaded, acted on,
// and read back: its data, its loading and error state, and the live region's message.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DESK_ANSWERS } from '../../src/lib/desk-messages.ts';
import { DESK_OPS_ANSWERS } from '../../src/lib/desk-ops.ts';
import { SETTINGS_MESSAGES } from '../../src/lib/contract/settings.ts';
import { SETTINGS_VIEW, settingsFields } from '../../src/lib/desk-ops-view.ts';
import { karachiDay, shortNumber } from '../../src/lib/desk.ts';
import { DESK_KEYS } from '../../src/lib/storage-keys.ts';
import { settleBackground } from '../../src/server/background.ts';
import { createInvitation } from '../../src/server/accounts/staff.ts';
import { base32Decode, totpAt } from '../../src/server/accounts/auth/totp.ts';
import { getStore } from '../../src/server/store/index.ts';
import { deskCall } from '../../src/client/desk-calls.ts';
import {
  $deskNotice,
  $deskStaff,
  $deskSession,
  endSession,
  startSession,
} from '../../src/stores/desk.ts';
import { unloaded } from '../../src/stores/desk-resource.ts';
import { $staffList, inviteStaff, loadStaff, removeStaff } from '../../src/stores/desk-staff.ts';
import { $settings, loadSettings, saveSettings } from '../../src/stores/desk-settings.ts';
import { $auditLog, loadAudit } from '../../src/stores/desk-audit.ts';
import {
  $mailFailures,
  $mailShowsAll,
  loadMailFailures,
  resendMail,
} from '../../src/stores/desk-mail.ts';
import {
  $business,
  $customer,
  $export,
  exportOrders,
  loadBusiness,
  lookUpCustomer,
} from '../../src/stores/desk-business.ts';
import { $slips, loadSlips } from '../../src/stores/desk-slips.ts';
import {
  $enrolment,
  PASSWORDS_DIFFER,
  confirmInvitation,
  setInvitationPassword,
} from '../../src/stores/desk-invite.ts';
import { lahoreAddress } from '../fixtures/address.ts';
import { MemoryStorage } from '../fixtures/memory-storage.ts';
import {
  allow,
  browserJar,
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
  owner = await enrol('owner', 'Store Owner');
  staff = await enrol('staff', 'Store Staff');
  // The look-up and the export are personal data: this member is one the owner allowed.
  await allow(owner, staff, 'personalData', 'sales');
  restoreFetch = routeFetchToDesk(sent, '203.0.113.70');
}, 60_000);

beforeEach(() => {
  vi.stubGlobal('sessionStorage', new MemoryStorage());
});

afterEach(() => {
  vi.unstubAllGlobals();
  sent.length = 0;
  endSession();
  $deskNotice.set(null);
  for (const $store of [$staffList, $settings, $auditLog, $mailFailures, $business, $customer])
    $store.set(unloaded());
  for (const $store of [$export, $slips, $enrolment]) $store.set(unloaded());
});

afterAll(async () => {
  restoreFetch();
  await settleBackground();
  await env.cleanup();
});

/** Signs the stores in as `member`, as the desk does after sign-in. */
async function signInAs(member: Member) {
  const me = await deskCall('deskMe', {}, { token: member.token });
  useBrowserSession(member.token);
  startSession({ staff: me.staff, message: 'signed in' });
  $deskNotice.set(null);
}

const notice = () => $deskNotice.get();

describe('the staff store', { timeout: 60_000 }, () => {
  it('loads the members, with loading set while the call travels', async () => {
    await signInAs(owner);
    const loading = loadStaff();
    expect($staffList.get()).toMatchObject({ loading: true, data: null, error: null });
    expect(await loading).toBe(true);
    const state = $staffList.get();
    expect(state).toMatchObject({ loading: false, error: null, busy: false });
    expect(state.data!.map((m) => m.email)).toEqual(
      expect.arrayContaining([owner.email, staff.email]),
    );
  });

  it("invites someone, says the server's words, and holds the list with them in it", async () => {
    await signInAs(owner);
    const email = `invited-${crypto.randomUUID().slice(0, 6)}@bastaa.pk`;
    expect(await inviteStaff({ name: 'New Packer', email, role: 'staff' })).toBe(true);
    expect(notice()).toMatchObject({ kind: 'success', text: DESK_ANSWERS.invited(email) });
    const invited = $staffList.get().data!.find((m) => m.email === email)!;
    expect(invited).toMatchObject({ name: 'New Packer', role: 'staff', status: 'invited' });
    expect($staffList.get().busy).toBe(false);

    expect(await removeStaff(invited)).toBe(true);
    expect(notice()).toMatchObject({ kind: 'success', text: DESK_ANSWERS.removed(email) });
    expect($staffList.get().data!.find((m) => m.email === email)?.status).toBe('removed');
  });

  it('refuses staff with the owner-only message: the error state holds it, and there is no list', async () => {
    await signInAs(staff);
    expect(await loadStaff()).toBe(false);
    expect($staffList.get()).toEqual({
      data: null,
      loading: false,
      error: DESK_ANSWERS.ownerOnly,
      busy: false,
    });
    expect(notice()).toMatchObject({ kind: 'error', text: DESK_ANSWERS.ownerOnly });
  });

  it('answers a refused invitation with false, its message, and the list as it was', async () => {
    await signInAs(owner);
    await loadStaff();
    const before = $staffList.get().data;
    expect(await inviteStaff({ name: 'Twice', email: staff.email, role: 'staff' })).toBe(false);
    expect(notice()).toMatchObject({ kind: 'error', text: DESK_ANSWERS.staffExists });
    expect($staffList.get().data).toEqual(before);
  });
});

describe('the settings store', { timeout: 60_000 }, () => {
  it('saves only the changed fields and then holds the settings as the server saved them', async () => {
    await signInAs(owner);
    await loadSettings();
    const loaded = settingsFields($settings.get().data!.settings);
    sent.length = 0;
    const saved = await saveSettings(loaded, { ...loaded, supportEmail: 'desk-help@bastaa.pk' });
    expect(saved).toBe(true);
    expect(await sent[0]!.json()).toEqual({ supportEmail: 'desk-help@bastaa.pk' });
    expect(notice()).toMatchObject({
      kind: 'success',
      text: SETTINGS_MESSAGES.saved(['supportEmail']),
    });
    expect($settings.get().data!.settings.supportEmail).toBe('desk-help@bastaa.pk');
    expect($settings.get().data!.defaults).not.toContain('supportEmail');
  });

  it('sends nothing when no field changed, and says so', async () => {
    await signInAs(owner);
    await loadSettings();
    const loaded = settingsFields($settings.get().data!.settings);
    sent.length = 0;
    expect(await saveSettings(loaded, loaded)).toBe(false);
    expect(sent).toEqual([]);
    expect(notice()).toMatchObject({ kind: 'error', text: SETTINGS_VIEW.noChange });
  });

  it("keeps the settings shown when staff's save is refused, with the refusal as the error", async () => {
    await signInAs(staff);
    await loadSettings();
    const shown = $settings.get().data;
    const loaded = settingsFields(shown!.settings);
    expect(await saveSettings(loaded, { ...loaded, ordersEmail: 'thief@example.com' })).toBe(false);
    expect($settings.get()).toEqual({
      data: shown,
      loading: false,
      error: DESK_ANSWERS.ownerOnly,
      busy: false,
    });
  });
});

describe('the audit store', { timeout: 60_000 }, () => {
  it('loads the newest entries for the owner', async () => {
    await signInAs(owner);
    await inviteStaff({
      name: 'Audited',
      email: `audited-${crypto.randomUUID().slice(0, 6)}@bastaa.pk`,
      role: 'staff',
    });
    expect(await loadAudit()).toBe(true);
    const entries = $auditLog.get().data!;
    expect(entries[0]).toMatchObject({ action: 'staff.invite', actor: { email: owner.email } });
  });

  it('holds the owner-only refusal for staff', async () => {
    await signInAs(staff);
    expect(await loadAudit()).toBe(false);
    expect($auditLog.get()).toMatchObject({ data: null, error: DESK_ANSWERS.ownerOnly });
  });
});

describe('the failed mails store', { timeout: 60_000 }, () => {
  it('lists a failed mail, resends it, and then lists it among all mails as sent', async () => {
    await signInAs(staff);
    const order = await seedOrder();
    const id = crypto.randomUUID();
    const to = `shopper-${id.slice(0, 8)}@example.com`;
    await (
      await getStore()
    ).mailFailures.add({
      id,
      kind: 'order-status',
      orderId: order.id,
      to,
      subject: `Your Bastaa order #${shortNumber(order.id)} is Packing`,
      text: 'Dear Sana,\n\nYour order is now Packing.',
      error: 'Mailbox unavailable',
      attempts: 1,
      state: 'failed',
      createdAt: new Date().toISOString(),
      lastTriedAt: new Date().toISOString(),
      nextTryAt: Date.now() + 60_000,
      claimedUntil: null,
      sentAt: null,
      sentBy: null,
    });
    await loadMailFailures(false);
    expect($mailFailures.get().data!.find((f) => f.id === id)).toMatchObject({
      to,
      state: 'failed',
    });

    expect(await resendMail(id)).toBe(true);
    expect(notice()).toMatchObject({ kind: 'success', text: DESK_OPS_ANSWERS.mailResent(to) });
    expect($mailFailures.get().data!.map((f) => f.id)).not.toContain(id);

    await loadMailFailures(true);
    expect($mailShowsAll.get()).toBe(true);
    expect($mailFailures.get().data!.find((f) => f.id === id)).toMatchObject({
      state: 'sent',
      sentBy: staff.email,
    });
    expect(await resendMail(id)).toBe(false);
    expect(notice()).toMatchObject({ kind: 'error', text: DESK_OPS_ANSWERS.mailAlreadySent });
    expect($mailFailures.get().error).toBeNull(); // the reload after it succeeded
  });
});

describe('the business store', { timeout: 60_000 }, () => {
  it('loads today, 7 days and 30 days', async () => {
    await signInAs(staff);
    expect(await loadBusiness()).toBe(true);
    expect($business.get().data!.map((p) => p.name)).toEqual(['today', '7 days', '30 days']);
  });

  it('looks a customer up, and after a refused look-up holds no customer', async () => {
    await signInAs(staff);
    const order = await seedOrder({ address: lahoreAddress({ email: 'lookup@example.com' }) });
    expect(await lookUpCustomer('lookup@example.com')).toBe(true);
    expect($customer.get().data!.orders.map((o) => o.id)).toContain(order.id);
    expect(await lookUpCustomer('not an e-mail')).toBe(false);
    expect($customer.get().data).toBeNull();
    expect($customer.get().error).toBe(notice()!.text);
  });

  it("exports a period as a file under the server's name, and holds a backwards period's refusal", async () => {
    await signInAs(staff);
    const order = await seedOrder();
    const day = karachiDay(order.date);
    expect(await exportOrders({ from: day, to: day })).toBe(true);
    expect($export.get().data!.filename).toBe(`orders-${day}-to-${day}.csv`);
    expect(notice()).toMatchObject({
      kind: 'success',
      text: `Exported orders-${day}-to-${day}.csv.`,
    });
    expect(await exportOrders({ from: '2026-03-02', to: '2026-03-01' })).toBe(false);
    expect($export.get()).toMatchObject({ busy: false, error: DESK_OPS_ANSWERS.badDates });
  });
});

describe('the slips store', { timeout: 60_000 }, () => {
  it("loads one order's slip by its short number", async () => {
    await signInAs(staff);
    const order = await seedOrder();
    expect(await loadSlips(shortNumber(order.id))).toBe(true);
    expect($slips.get().data!.map((o) => o.id)).toEqual([order.id]);
  });

  it('loads every order waiting in Order Placed, oldest first', async () => {
    await signInAs(staff);
    const first = await seedOrder({ date: new Date(Date.now() - 60_000).toISOString() });
    const second = await seedOrder();
    await loadSlips();
    const ids = $slips.get().data!.map((o) => o.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(ids.indexOf(first.id)).toBeGreaterThanOrEqual(0);
  });

  it("holds the server's message for a number no order has", async () => {
    await signInAs(staff);
    expect(await loadSlips('ZZZZZZZZ')).toBe(false);
    expect($slips.get()).toMatchObject({ data: null, error: DESK_ANSWERS.orderNotFound });
  });
});

describe('a load whose session has ended', { timeout: 60_000 }, () => {
  it('ends the session, says so once, and holds the message as the error', async () => {
    await signInAs(staff);
    useBrowserSession('an-ended-session');
    const said: string[] = [];
    const stop = $deskNotice.listen((n) => void (n && said.push(n.text)));
    try {
      expect(await loadBusiness()).toBe(false);
    } finally {
      stop();
    }
    expect($deskSession.get()).toBeNull();
    expect($deskStaff.get()).toBeNull();
    expect($business.get().error).toBe(DESK_ANSWERS.sessionEnded);
    expect(said).toEqual([DESK_ANSWERS.sessionEnded]);
  });
});

describe('the invitation store', { timeout: 60_000 }, () => {
  it('refuses two different passwords without a call', async () => {
    expect(await setInvitationPassword('any', 'one password', 'another one')).toBe(false);
    expect(sent).toEqual([]);
    expect(notice()).toMatchObject({ kind: 'error', text: PASSWORDS_DIFFER });
  });

  it('sets the password, then confirms the code: the session starts and its message is carried to the desk', async () => {
    const email = `enrol-${crypto.randomUUID().slice(0, 6)}@bastaa.pk`;
    const { token } = await createInvitation(
      await getStore(),
      { email, name: 'Enrolled', role: 'staff' },
      null,
    );
    const password = 'quiet harbour lantern';
    expect(await setInvitationPassword(token, password, password)).toBe(true);
    expect(notice()).toMatchObject({ kind: 'success', text: DESK_ANSWERS.passwordSet });
    const enrolment = $enrolment.get().data!;
    expect(enrolment.email).toBe(email);

    expect(await confirmInvitation(token, '000 000')).toBe(false);
    expect(notice()).toMatchObject({ kind: 'error', text: DESK_ANSWERS.badCode });
    expect($deskSession.get()).toBeNull();

    const code = totpAt(base32Decode(enrolment.secret), Date.now());
    expect(await confirmInvitation(token, `${code.slice(0, 3)} ${code.slice(3)}`)).toBe(true);
    expect($deskStaff.get()?.email).toBe(email);
    expect(browserJar.session).toMatch(/^ey/);
    expect(sessionStorage.getItem('deskToken')).toBeNull();
    expect(sessionStorage.getItem(DESK_KEYS.carriedNotice)).toBe(DESK_ANSWERS.enrolled);
  });
});
