// The staff desk's journeys: a member invited against the e2e server's data (by the operator CLI
// where the CLI is the subject, else in this worker's process), enrolled through the desk's calls,
// authenticator codes computed as the app would, and the mails the local SMTP catcher kept.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page, Route } from '@playwright/test';
import { createInvitation } from '../../../src/server/accounts/staff.ts';
import { base32Decode, totpAt, TOTP_STEP_SECONDS } from '../../../src/server/accounts/auth/totp.ts';
import type { Product } from '../../../src/lib/product.ts';
import type { Store } from '../../../src/server/store/index.ts';
import { openSqliteStore } from '../../../src/server/store/sqlite/index.ts';
import { runShop } from '../../fixtures/cli.ts';
import { caughtMails, mailText } from '../../fixtures/smtp-catcher.ts';
import { expect } from './test.ts';

/** The desk password every journey's member sets. */
export const DESK_PASSWORD = 'desk password 4 Lahore';

/** A desk member as a journey knows them. */
export interface Member {
  email: string;
  name: string;
  secret: string;
  token: string;
}

/** `npm run shop -- staff add …` against the e2e server's data; answers the invitation's path. */
export function cliInvite(email: string, role: 'owner' | 'staff', name: string): string {
  const run = spawnSync(
    process.execPath,
    [
      '--disable-warning=ExperimentalWarning',
      'scripts/shop.ts',
      'staff',
      'add',
      email,
      '--role',
      role,
      '--name',
      name,
    ],
    { env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, SMTP_URL: '' }, encoding: 'utf8' },
  );
  expect(run.status, run.stderr).toBe(0);
  const link = /https?:\/\/\S+\/desk\/invite#token=\S+/.exec(run.stdout)?.[0];
  if (!link) throw new Error(`no invitation link in: ${run.stdout}`);
  const url = new URL(link);
  // The link is on the address the journey's server serves on, not a port the CLI assumed.
  expect(url.origin).toBe(`http://localhost:${process.env.E2E_PORT}`);
  return url.pathname + url.hash;
}

/**
 * `npm run shop -- catalogue import FILE --draft` against the e2e server's data: puts `products`
 * in the draft as an editor's sheet would. The file is written to a temporary folder, removed after.
 */
export function cliImportToDraft(products: Product[]): void {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-draft-'));
  try {
    const file = path.join(dir, 'draft.json');
    writeFileSync(file, JSON.stringify(products));
    const run = runShop(
      { DATA_DIR: process.env.E2E_DATA_DIR ?? '' },
      'catalogue',
      'import',
      file,
      '--draft',
    );
    expect(run.status, run.err).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let workerStore: Store | undefined;

/**
 * `staff add` as the CLI does it (the same `createInvitation`), in this worker's process on the e2e
 * server's SQLite file, which both open in WAL mode with a busy timeout: answers the one-time
 * token. A CLI process per member cost each enrolment about 2.3 s on a busy 2-core machine (about
 * 60 enrolments, 5 % of the journeys' CPU); the CLI itself is the subject of desk.spec.ts's first
 * enrolment, and of the CLI tests in tests/api.
 */
export async function inviteToken(
  email: string,
  role: 'owner' | 'staff',
  name: string,
): Promise<string> {
  workerStore ??= openSqliteStore(process.env.E2E_DATA_DIR!);
  const { token } = await createInvitation(workerStore, { email, name, role }, null);
  return token;
}

/** The authenticator's code for a key at a moment (`steps` later steps ahead of now). */
export function codeFor(secret: string, steps = 0): string {
  return totpAt(base32Decode(secret), Date.now() + steps * TOTP_STEP_SECONDS * 1000);
}

/** A member made with the CLI and enrolled through the desk's calls (no browser): signed in. */
export async function enrolledMember(
  request: APIRequestContext,
  email: string,
  role: 'owner' | 'staff',
  name: string,
): Promise<Member> {
  const token = await inviteToken(email, role, name);
  const accept = await request.post('/api/desk/staff/accept', {
    data: { token, password: DESK_PASSWORD },
  });
  expect(accept.ok(), await accept.text()).toBe(true);
  const { secret } = (await accept.json()) as { secret: string };
  const confirm = await request.post('/api/desk/staff/confirm', {
    data: { token, code: codeFor(secret) },
  });
  expect(confirm.ok(), await confirm.text()).toBe(true);
  const cookie = confirm.headersArray().find((h) => h.name.toLowerCase() === 'set-cookie');
  const session = /^deskSession=([^;]+)/.exec(cookie?.value ?? '')?.[1];
  if (!session)
    throw new Error(`no desk session cookie in the enrolment's answer: ${cookie?.value}`);
  return { email, name, secret, token: session };
}

/** Puts the browser of `page` in a desk session with `token`, as a sign-in in any tab would. */
export async function useDeskSession(page: Page, token: string): Promise<void> {
  await page.context().addCookies([
    {
      name: 'deskSession',
      value: token,
      domain: 'localhost',
      path: '/api/desk',
      httpOnly: true,
      sameSite: 'Strict',
    },
  ]);
}

/** Opens the desk in this page already signed in as `member` (its browser holds the session). */
export async function openDeskAs(page: Page, member: Member, hash = '#/orders') {
  await useDeskSession(page, member.token);
  await page.goto(`/desk/${hash}`);
}

/** The time step of the app's code `steps` ahead of now (what `codeFor(secret, steps)` shows). */
export const stepOf = (steps = 0): number =>
  Math.floor(Date.now() / 1000 / TOTP_STEP_SECONDS) + steps;

/**
 * A code of the app that the desk still takes after the code of `usedStep` (each code works once,
 * and the desk takes one step either side of now): waits, at most one step, for the clock to allow it.
 */
export async function codeAfter(secret: string, usedStep: number): Promise<string> {
  await expect
    .poll(() => stepOf(1), { timeout: (TOTP_STEP_SECONDS + 10) * 1000, intervals: [500] })
    .toBeGreaterThan(usedStep);
  return codeFor(secret, 1);
}

/** The caught mails to an address, oldest first, as plain text with their subject. */
export function mailsTo(email: string): { subject: string; text: string }[] {
  return caughtMails()
    .filter((mail) => mail.to.includes(email.toLowerCase()))
    .map((mail) => ({
      subject: /^subject: (.*)$/im.exec(mail.raw)?.[1]?.trim() ?? '',
      text: mailText(mail.raw),
    }));
}

/** Waits for the caught mail to an address whose subject is `subject`; answers its text. */
export async function mailWithSubject(email: string, subject: string): Promise<string> {
  let text = '';
  await expect
    .poll(
      () => {
        text = mailsTo(email).find((m) => m.subject === subject)?.text ?? '';
        return text !== '';
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return text;
}

/** The desk's navigation a phone shows: the bottom bar, with More's sheet. */
export const deskNav = (page: Page) => page.getByRole('navigation', { name: 'Desk' });

/**
 * Opens a desk screen from the navigation the page shows: a phone's bottom bar entry (named with
 * its count, 'Orders 3 to pack'), or More's, opening More first; on a wide screen, the header's.
 */
export async function openFromNav(page: Page, name: string): Promise<void> {
  const nav = deskNav(page);
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const link = nav.getByRole('link', { name: new RegExp(`^${escaped}(\\s|$)`) });
  const more = nav.getByRole('button', { name: 'More' });
  if (!(await link.isVisible()) && (await more.isVisible())) await more.click();
  await link.click();
}

/** Signs out from the header's button, or from More on a phone. */
export async function signOutOfDesk(page: Page): Promise<void> {
  const header = page.getByRole('banner').getByRole('button', { name: 'Sign out', exact: true });
  if (!(await header.isVisible()))
    await deskNav(page).getByRole('button', { name: 'More' }).click();
  // Not Settings' "Sign out everywhere" form, which may take the passkeys too.
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
}

/** A desk call held on its way to the server until the journey lets it go. */
export interface HeldCall {
  /** Whether the call has left the page (it is then out, waiting). */
  arrived(): boolean;
  /** Lets the call on to the server, unchanged. */
  release(): void;
}

/** Per page: the calls a journey holds next, by path, each with what to do with it. */
const heldNext = new WeakMap<Page, Map<string, (route: Route) => Promise<void>>>();

/**
 * Lets `holdCall` hold this page's calls: one route for the page's life, set before the page opens
 * anything, so request interception is on from the page's first request and never turned on or
 * off while the page runs.
 *
 * Why: turned on mid-journey, it did not always cover a call pressed right after it: the call
 * reached the server unseen by the route (likely because `page.route` answers once Chromium has
 * interception on, before the page's loaders are switched to it). Seen once in CI. Running the keyboard
 * journeys four times each, three at a time, gave these results:
 * - one route per hold, gone after one use, turning interception off and on at every hold: 2 of 8
 *   owner journeys lost a call;
 * - one route made at the page's first hold: 1 of 16 journeys lost that first call;
 * - this way: none of 32.
 */
export async function holdableCalls(page: Page): Promise<void> {
  if (heldNext.has(page)) return;
  const holds = new Map<string, (route: Route) => Promise<void>>();
  heldNext.set(page, holds);
  await page.route('**/api/**', async (route) => {
    const pathname = new URL(route.request().url()).pathname;
    const hold = holds.get(pathname);
    if (!hold) return route.fallback();
    holds.delete(pathname);
    await hold(route);
  });
}

/**
 * Holds the page's next call to `path` (the real call, sent on unchanged once released), so a
 * journey can look at the desk while the call is out: the injected latency of a slow network.
 * The page must have been made holdable (`holdableCalls`) before it opened anything.
 */
export async function holdCall(page: Page, path: string): Promise<HeldCall> {
  const held = heldNext.get(page);
  if (!held) throw new Error('holdCall: call holdableCalls(page) before the page opens anything');
  let arrived = false;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  held.set(path, async (route) => {
    arrived = true;
    await released;
    await route.continue();
  });
  return { arrived: () => arrived, release };
}

/** The owner lets `member` send refunds, through the desk's API (as Staff's "Allow refunds" does). */
export async function allowRefunds(request: APIRequestContext, owner: Member, member: Member) {
  await allowGrant(request, owner, member, 'refunds');
}

/** The desk call through which the owner grants each right. */
const GRANT_PATHS = {
  personalData: '/api/desk/staff/personal-data',
  refunds: '/api/desk/staff/refunds',
  sales: '/api/desk/staff/sales',
  publish: '/api/desk/staff/publish',
} as const;

/** The owner grants `member` a right through the desk's API, as Staff's "Allow …" buttons do. */
export async function allowGrant(
  request: APIRequestContext,
  owner: Member,
  member: Member,
  grant: keyof typeof GRANT_PATHS,
) {
  const list = await request.post('/api/desk/staff/list', {
    headers: { token: owner.token },
    data: {},
  });
  expect(list.status(), await list.text()).toBe(200);
  const { staff } = (await list.json()) as { staff: { id: string; email: string }[] };
  const found = staff.find((s) => s.email === member.email);
  const allowed = await request.post(GRANT_PATHS[grant], {
    headers: { token: owner.token },
    data: { staffId: found!.id, allowed: true },
  });
  expect(allowed.status(), await allowed.text()).toBe(200);
}

/** Moves an order along to Delivered through the desk's API. */
export async function deliver(request: APIRequestContext, member: Member, order: string) {
  for (const [from, to] of [
    ['Order Placed', 'Packing'],
    ['Packing', 'Out for Delivery'],
    ['Out for Delivery', 'Delivered'],
  ]) {
    const moved = await request.post('/api/desk/orders/move', {
      headers: { token: member.token },
      data: { order, from, to },
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }
}

/** A platform authenticator with user verification (a phone's fingerprint), on this page. */
export async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/**
 * On an open order in Order Placed: moves it to Packing and books it with PostEx (the local
 * stand-in) in one tap, as a phone does (`tap`) or a mouse (`click`); answers the tracking number.
 */
export async function packAndBookWithPostex(
  page: Page,
  press: 'tap' | 'click' = 'tap',
): Promise<string> {
  await page.getByRole('button', { name: 'Move to Packing' })[press]();
  await expect(page.getByTestId('order-status')).toHaveText('Packing');
  await page.getByRole('button', { name: 'Book with PostEx' })[press]();
  const booking = page.getByTestId('courier-booking');
  await expect(booking).toContainText('PostEx · tracking ');
  return /tracking (\S+)/.exec((await booking.textContent()) ?? '')![1]!;
}
