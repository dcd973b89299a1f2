// The staff desk's doors, through the desk router with real Requests: who may make each call (the
// authorisation matrix), desk tokens versus shopper tokens, invitations (one use, 48 hours), sign-in
// with e-mail, password and authenticator code, and the attacks the issue names: forged roles,
// replayed invitations and codes, and guessing codes.
import { PUBLISH_MESSAGES } from '../../src/lib/publish.ts';
import { PUSH_ANSWERS } from '../../src/lib/push.ts';
import { PHONE_ORDER_ANSWERS } from '../../src/lib/orders/phone-orders.ts';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import account from '../../netlify/functions/account.mts';
import { ENDPOINTS, ENDPOINT_NAMES } from '../../src/lib/contract/endpoints.ts';
import { DESK_OPS_ANSWERS } from '../../src/lib/desk-ops.ts';
import {
  ACCOUNT_MESSAGES,
  DESK_PASSWORD_RULES,
  ORDER_ANSWERS,
  STOCK_ANSWERS,
} from '../../src/lib/messages.ts';
import { DESK_ANSWERS } from '../../src/lib/desk-messages.ts';
import { COURIER_MESSAGES } from '../../src/lib/contract/desk-couriers.ts';
import { COURIER_REMITTANCE_MESSAGES } from '../../src/lib/contract/desk-remittances.ts';
import { EDITOR_ANSWERS } from '../../src/lib/product-form.ts';
import { signingKey } from '../../src/server/secret.ts';
import { issueStaffToken } from '../../src/server/accounts/auth/staff-tokens.ts';
import { base32Decode, totpAt } from '../../src/server/accounts/auth/totp.ts';
import { settleBackground } from '../../src/server/background.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createInvitation, INVITATION_TTL_MS } from '../../src/server/accounts/staff.ts';
import { getStore } from '../../src/server/store/index.ts';
import { call, signUp } from '../fixtures/api.ts';
import { deskCall, enrol, sessionCookieOf, type Member } from '../fixtures/desk.ts';
import { useTempDataDir } from '../fixtures/env.ts';
import { storedPhoto } from '../fixtures/products.ts';

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let owner: Member;
let staff: Member;
let removed: Member;
let shopper: { token: string; email: string };
let expiredToken: string;
let forgedRoleToken: string;
let foreignKeyToken: string;

/** The push service the matrix's devices name: a stand-in, so the check asks no DNS. */
const PUSH_STAND_IN = 'http://localhost:9';

beforeAll(async () => {
  env = await useTempDataDir();
  process.env.PUSH_SERVICE_STAND_IN = PUSH_STAND_IN;
  owner = await enrol('owner', 'Owner One');
  staff = await enrol('staff', 'Staff One');
  removed = await enrol('staff', 'Staff Gone');
  shopper = await signUp('Shopper');
  // The editor takes only photos the shop holds: the matrix's save names one.
  (
    BODIES.deskProductSave as { product: { colours: { images: string[] }[] } }
  ).product.colours[0]!.images = [await storedPhoto('matrix')];
  const gone = await deskCall('staff/remove', {
    body: { staffId: removed.id },
    token: owner.token,
  });
  if (gone.status !== 200) throw new Error(JSON.stringify(gone.body));
  const key = signingKey(loadConfig());
  expiredToken = await issueStaffToken(
    { staffId: staff.id, role: 'staff', sessionVersion: 0 },
    key,
    Date.now() - 13 * 60 * 60 * 1000,
  );
  forgedRoleToken = await issueStaffToken(
    { staffId: staff.id, role: 'owner', sessionVersion: 0 },
    key,
  );
  foreignKeyToken = await issueStaffToken(
    { staffId: owner.id, role: 'owner', sessionVersion: 0 },
    new TextEncoder().encode('an attacker’s own key, 32 characters or more'),
  );
}, 60_000);
afterAll(async () => {
  delete process.env.PUSH_SERVICE_STAND_IN;
  await env.cleanup();
});

/** A body each desk call accepts; the ids name nobody, so nothing changes for the allowed callers. */
const BODIES: Record<string, unknown> = {
  deskSignOut: {},
  deskMe: {},
  deskCounts: {},
  deskPasskeys: {},
  // The session alone: refused, since adding a passkey needs the password and a code, or a passkey.
  deskPasskeyOptions: {},
  deskPasskeyProofOptions: {},
  // A new passkey's answer to a challenge the server never issued: refused before anything is kept.
  deskPasskeyAdd: {
    name: 'Matrix phone',
    response: {
      id: 'bWF0cml4',
      rawId: 'bWF0cml4',
      type: 'public-key',
      response: {
        clientDataJSON:
          'eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIiwiY2hhbGxlbmdlIjoiYm05MExXbHpjM1ZsWkEiLCJvcmlnaW4iOiJodHRwOi8vbG9jYWxob3N0In0',
        attestationObject: 'AAAA',
      },
      clientExtensionResults: {},
    },
  },
  deskPasskeyRemove: { id: 'bm9ib2R5' },
  deskInvite: { email: 'matrix@bastaa.pk', name: 'Matrix', role: 'staff' },
  deskStaffList: {},
  deskStaffRole: { staffId: 'nobody', role: 'owner' },
  deskStaffRemove: { staffId: 'nobody' },
  deskStaffPersonalData: { staffId: 'nobody', allowed: true },
  deskStaffRefunds: { staffId: 'nobody', allowed: true },
  deskStaffSales: { staffId: 'nobody', allowed: true },
  deskStaffPublish: { staffId: 'nobody', allowed: true },
  deskStaffPasskeys: {},
  deskStaffPasskeyRemove: { staffId: 'nobody', id: 'bm9ib2R5' },
  deskOrders: {},
  deskOrder: { order: '#00000000' },
  deskMove: { order: '#00000000', to: 'packing' },
  // An order for a product nobody has: refused by the call, so nothing is made.
  deskNewOrder: {
    channel: 'phone',
    items: [{ productId: 'no-such-bag', selectedColor: 'Black', quantity: 1 }],
    address: {
      firstName: 'Matrix',
      lastName: 'Caller',
      email: 'matrix.caller@example.com',
      address1: '12 Canal View',
      country: 'Pakistan',
      city: 'Lahore',
      state: 'Punjab',
      zip: '54000',
      mobile: '+92 300 1234567',
    },
    paymentMethod: 'COD',
  },
  deskCustomerFind: { customer: 'nobody@example.com' },
  deskAudit: {},
  // desk-returns (added by desk-pay at merge: the matrix lacked them).
  deskReturns: {},
  deskReturnStep: { order: '#00000000', to: 'approved' },
  // Settings and payments.
  deskSettings: {},
  deskSettingsSave: { ordersEmail: 'matrix@bastaa.pk' },
  // A wallet's sandbox: checked for form only, so the owner's save answers without a network call.
  deskConnections: {},
  deskConnectionSave: {
    connection: 'jazzcash',
    set: {
      JAZZCASH_ENVIRONMENT: 'sandbox',
      JAZZCASH_MERCHANT_ID: 'MC12345',
      JAZZCASH_PASSWORD: 'matrix-password',
      JAZZCASH_INTEGRITY_SALT: 'matrix-salt-0123',
    },
  },
  deskPayment: { order: '#00000000', method: 'COD', amount: 1 },
  deskRefund: {
    order: '#00000000',
    method: 'JazzCash',
    amount: 1,
    reference: 'X',
    note: 'Agreed by phone',
  },
  // desk-ops (the export's reversed dates are refused by the call itself, after the caller passed)
  deskMailFailures: {},
  deskMailResend: { id: 'nobody' },
  deskBusiness: {},
  deskCustomer: { email: 'nobody@example.com' },
  deskExport: { from: '2026-01-02', to: '2026-01-01' },
  deskBookCourier: { order: 'no-such-order' },
  deskCourierLabel: { order: 'no-such-order' },
  deskTrackParcels: {},
  deskBookPacked: {},
  deskConfirmCod: { order: 'no-such-order' },
  deskLoadSheet: {},
  deskRemittances: {},
  deskProductStock: { productId: 'no-such-bag', color: 'Black', inStock: false },
  deskProductArchive: { productId: 'no-such-bag' },
  deskProductRestore: { productId: 'no-such-bag' },
  deskProductDelete: { productId: 'no-such-bag' },
  deskProducts: { q: 'tote' },
  // An unknown product to read and to save; the upload gets JSON, not a photo.
  deskProductEdit: { productId: 'no-such-bag' },
  deskProductSave: {
    productId: 'no-such-bag',
    version: '0'.repeat(64),
    product: {
      productName: 'Matrix Bag',
      maker: 'Matrix',
      category: 'handbags',
      price: '4500',
      discountPercent: '',
      wholesalePrice: '',
      bestSeller: false,
      para: 'A bag.',
      specs: {
        material: 'm',
        compatibility: 'c',
        texture: 't',
        closure: 'c',
        compartment: 'c',
        zips: 'z',
        strap: 's',
        length: 'l',
        width: 'w',
        height: 'h',
        weight: 'w',
      },
      colours: [{ color: 'Black', swatch: '', images: ['/images/matrix.svg'] }],
    },
  },
  deskPhotoUpload: {},
  deskPublish: {},
  deskPublishProgress: {},
  // A new device each time: a device is one member's, so a second member's save is refused. On the
  // push stand-in this file names (no DNS is asked for it).
  get deskPushAdd() {
    return {
      subscription: {
        endpoint: `${PUSH_STAND_IN}/send/${Math.random().toString(36).slice(2)}`,
        keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
      },
      kinds: ['new-order'],
      label: 'Phone',
    };
  },
  deskPushDevices: {},
  deskPushRemove: { id: 'no-such-device' },
};

/** What an allowed caller gets (the call ran): status and, for refusals of the call itself, message. */
const ALLOWED: Record<string, { status: number; message?: string }> = {
  deskMe: { status: 200 },
  deskCounts: { status: 200 },
  deskInvite: { status: 200 },
  deskStaffList: { status: 200 },
  deskStaffRole: { status: 404, message: DESK_ANSWERS.staffNotFound },
  deskStaffRemove: { status: 404, message: DESK_ANSWERS.staffNotFound },
  deskStaffPersonalData: { status: 404, message: DESK_ANSWERS.staffNotFound },
  deskStaffRefunds: { status: 404, message: DESK_ANSWERS.staffNotFound },
  deskStaffSales: { status: 404, message: DESK_ANSWERS.staffNotFound },
  deskStaffPublish: { status: 404, message: DESK_ANSWERS.staffNotFound },
  deskOrders: { status: 200 },
  deskOrder: { status: 404, message: DESK_ANSWERS.orderNotFound },
  deskMove: { status: 404, message: DESK_ANSWERS.orderNotFound },
  deskNewOrder: { status: 400, message: ORDER_ANSWERS.unknownProduct },
  deskCustomerFind: {
    status: 404,
    message: PHONE_ORDER_ANSWERS.customerNotFound('nobody@example.com'),
  },
  deskAudit: { status: 200 },
  // desk-returns (added by desk-pay at merge: the matrix lacked them).
  deskReturns: { status: 200 },
  deskReturnStep: { status: 404, message: DESK_ANSWERS.orderNotFound },
  // Settings and payments.
  deskSettings: { status: 200 },
  deskSettingsSave: { status: 200 },
  deskConnections: { status: 200 },
  deskConnectionSave: { status: 200 },
  deskPayment: { status: 404, message: DESK_ANSWERS.orderNotFound },
  deskRefund: { status: 404, message: DESK_ANSWERS.orderNotFound },
  deskMailFailures: { status: 200 },
  deskMailResend: { status: 404, message: DESK_OPS_ANSWERS.mailNotFound },
  deskBusiness: { status: 200 },
  deskCustomer: { status: 200 },
  deskExport: { status: 400, message: DESK_OPS_ANSWERS.badDates },
  deskBookCourier: { status: 404, message: DESK_ANSWERS.orderNotFound },
  deskCourierLabel: { status: 404, message: DESK_ANSWERS.orderNotFound },
  // No courier is connected in this test's shop: the call itself says so.
  deskTrackParcels: { status: 503, message: COURIER_MESSAGES.noCourier },
  deskBookPacked: { status: 503, message: COURIER_MESSAGES.noCourier },
  deskConfirmCod: { status: 404, message: DESK_ANSWERS.orderNotFound },
  // The sheet of a shop with no courier: empty, and says none is connected.
  deskLoadSheet: { status: 200 },
  deskRemittances: { status: 503, message: COURIER_REMITTANCE_MESSAGES.noCourier },
  deskProductStock: { status: 404, message: STOCK_ANSWERS.productNotFound },
  deskProductArchive: { status: 404, message: STOCK_ANSWERS.productNotFound },
  deskProductRestore: { status: 404, message: STOCK_ANSWERS.productNotFound },
  deskProductDelete: { status: 404, message: STOCK_ANSWERS.productNotFound },
  deskProducts: { status: 200 },
  deskProductEdit: { status: 404, message: STOCK_ANSWERS.productNotFound },
  deskProductSave: { status: 404, message: STOCK_ANSWERS.productNotFound },
  deskPhotoUpload: { status: 400, message: EDITOR_ANSWERS.notImage },
  // This store has no products, so the owner's publish is refused by the call.
  deskPublish: { status: 400, message: PUBLISH_MESSAGES.nothingToPublish },
  deskPublishProgress: { status: 200 },
  deskPushAdd: { status: 200 },
  deskPushDevices: { status: 200 },
  deskPushRemove: { status: 404, message: PUSH_ANSWERS.notFound },
  deskPasskeys: { status: 200 },
  deskPasskeyOptions: { status: 403, message: DESK_ANSWERS.proofNeeded },
  deskPasskeyProofOptions: { status: 409, message: DESK_ANSWERS.noPasskeyForProof },
  deskStaffPasskeys: { status: 200 },
  deskStaffPasskeyRemove: { status: 404, message: DESK_ANSWERS.staffPasskeyNotFound },
  deskPasskeyAdd: { status: 400, message: DESK_ANSWERS.passkeyExpired },
  deskPasskeyRemove: { status: 404, message: DESK_ANSWERS.passkeyNotFound },
};

/** A six-digit code other than `code` (and, but for a one-in-a-million chance, than its neighbours). */
const otherThan = (code: string, by = 1) =>
  String((Number(code) + by) % 1_000_000).padStart(6, '0');

const guarded = ENDPOINT_NAMES.filter(
  (n) => ENDPOINTS[n].router === 'desk' && ENDPOINTS[n].access !== 'anyone',
);
const pathOf = (name: (typeof guarded)[number]) =>
  ENDPOINTS[name].paths[0].replace('/api/desk/', '');

async function outcome(name: (typeof guarded)[number], token: string | undefined) {
  const answer = await deskCall(pathOf(name), { body: BODIES[name], token });
  return {
    call: name,
    status: answer.status,
    ...(answer.status === 200 ? {} : { message: answer.body.message }),
  };
}

describe('the authorisation matrix of every desk call', { timeout: 60_000 }, () => {
  it('covers every desk call that needs a session (and only sign-in and enrolment need none)', () => {
    expect([...guarded].sort()).toEqual(Object.keys(BODIES).sort());
    expect(
      ENDPOINT_NAMES.filter(
        (n) => ENDPOINTS[n].router === 'desk' && ENDPOINTS[n].access === 'anyone',
      ),
    ).toEqual([
      'deskSignIn',
      'deskPasskeySignInOptions',
      'deskPasskeySignIn',
      'deskAcceptInvitation',
      'deskConfirmInvitation',
    ]);
  });

  const cases: [string, () => string | undefined, number, string][] = [
    ['no token', () => undefined, 401, DESK_ANSWERS.signInRequired],
    ['a shopper token', () => shopper.token, 403, DESK_ANSWERS.shopperToken],
    ['a removed member’s token', () => removed.token, 401, DESK_ANSWERS.sessionEnded],
    ['an expired token (13 hours old)', () => expiredToken, 401, DESK_ANSWERS.sessionEnded],
    [
      'a token claiming the owner role for a staff member',
      () => forgedRoleToken,
      401,
      DESK_ANSWERS.sessionEnded,
    ],
    ['a token signed with another key', () => foreignKeyToken, 401, DESK_ANSWERS.sessionEnded],
    ['a token that is no JWT', () => 'not-a-token', 401, DESK_ANSWERS.sessionEnded],
  ];
  for (const [who, token, status, message] of cases) {
    it(`refuses every desk call with ${who}: ${status}`, async () => {
      for (const name of guarded) {
        expect(await outcome(name, token())).toEqual({ call: name, status, message });
      }
    });
  }

  it('lets a staff member make the staff calls and answers 403 on the owner-only calls and on each call the owner grants', async () => {
    for (const name of guarded.filter((n) => n !== 'deskSignOut')) {
      const access = ENDPOINTS[name].access;
      const expected =
        access === 'owner'
          ? { status: 403, message: DESK_ANSWERS.ownerOnly }
          : access === 'personalData'
            ? { status: 403, message: DESK_ANSWERS.personalDataOnly }
            : access === 'refunds'
              ? { status: 403, message: DESK_ANSWERS.refundsOnly }
              : access === 'sales'
                ? { status: 403, message: DESK_ANSWERS.salesOnly }
                : access === 'publish'
                  ? { status: 403, message: DESK_ANSWERS.publishOnly }
                  : ALLOWED[name];
      expect(await outcome(name, staff.token)).toEqual({ call: name, ...expected });
    }
  });

  it('lets the owner make every call', async () => {
    for (const name of guarded.filter((n) => n !== 'deskSignOut')) {
      expect(await outcome(name, owner.token)).toEqual({ call: name, ...ALLOWED[name] });
    }
  });
});

describe('desk tokens and shopper tokens', { timeout: 60_000 }, () => {
  it('refuses a desk token on a shopper call, as an ended session', async () => {
    const answer = await call(account, '/api/cart/get', { token: owner.token });
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe(ACCOUNT_MESSAGES.sessionExpired);
  });

  it('refuses an unsigned (alg none) desk token naming the owner', async () => {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const claims = { sub: owner.id, role: 'owner', sv: 0, aud: 'bastaa-desk', iss: 'bastaa-shop' };
    const unsigned = `${part({ alg: 'none', typ: 'JWT' })}.${part({ ...claims, exp: 4102444800 })}.`;
    const answer = await deskCall('me', { token: unsigned });
    expect({ status: answer.status, message: answer.body.message }).toEqual({
      status: 401,
      message: DESK_ANSWERS.sessionEnded,
    });
  });

  it('shows the signed-in member without any secret', async () => {
    const answer = await deskCall('me', { token: staff.token });
    expect(answer.status).toBe(200);
    expect(answer.body.staff).toEqual({
      id: staff.id,
      email: staff.email,
      name: 'Staff One',
      role: 'staff',
      status: 'active',
      createdAt: expect.any(String),
      invitedBy: null,
      inviteExpiresAt: null,
      personalData: false,
      refunds: false,
      sales: false,
      publish: false,
    });
    expect(JSON.stringify(answer.body)).not.toMatch(/passwordHash|totpSecret|inviteHash|scrypt/);
  });
});

describe('desk sign-in', { timeout: 60_000 }, () => {
  it('signs in with e-mail, password and a fresh code: the token is in the session cookie, never the body', async () => {
    const member = await enrol('staff');
    const answer = await deskCall('signin', {
      body: { email: member.email.toUpperCase(), password: member.password, code: member.code(1) },
      ip: '198.51.100.21',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(DESK_ANSWERS.signedIn);
    expect(answer.body).not.toHaveProperty('token');
    const token = sessionCookieOf(answer.headers)!;
    expect((await deskCall('me', { token })).status).toBe(200);
  });

  it('answers an unknown e-mail, a wrong password and a wrong code alike', async () => {
    const member = await enrol('staff');
    const attempts = [
      { email: 'nobody@bastaa.pk', password: member.password, code: member.code(1) },
      { email: member.email, password: 'wrong password here', code: member.code(1) },
      { email: member.email, password: member.password, code: otherThan(member.code(1)) },
    ];
    for (const body of attempts) {
      const answer = await deskCall('signin', { body, ip: '198.51.100.22' });
      expect({ status: answer.status, message: answer.body.message }).toEqual({
        status: 401,
        message: DESK_ANSWERS.badSignIn,
      });
    }
  });

  it('refuses a code that was already used (replay)', async () => {
    const member = await enrol('staff');
    const body = { email: member.email, password: member.password, code: member.code(1) };
    expect((await deskCall('signin', { body, ip: '198.51.100.23' })).status).toBe(200);
    const replay = await deskCall('signin', { body, ip: '198.51.100.23' });
    expect({ status: replay.status, message: replay.body.message }).toEqual({
      status: 401,
      message: DESK_ANSWERS.badSignIn,
    });
  });

  it('refuses the enrolment code at sign-in, since its step is used', async () => {
    const member = await enrol('staff');
    const answer = await deskCall('signin', {
      body: { email: member.email, password: member.password, code: member.firstCode },
      ip: '198.51.100.24',
    });
    expect({ status: answer.status, message: answer.body.message }).toEqual({
      status: 401,
      message: DESK_ANSWERS.badSignIn,
    });
  });

  it('slows code guessing with the right password: the 6th wrong code at once gets 429', async () => {
    const member = await enrol('staff');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now());
      const answers: { status: number; message: string }[] = [];
      for (let i = 0; i < 6; i++) {
        const answer = await deskCall('signin', {
          body: {
            email: member.email,
            password: member.password,
            code: otherThan(member.code(0), 7 + i),
          },
          ip: '198.51.100.25',
        });
        answers.push({ status: answer.status, message: answer.body.message });
      }
      expect(answers).toEqual([
        ...Array(5).fill({ status: 401, message: DESK_ANSWERS.badSignIn }),
        { status: 429, message: DESK_ANSWERS.slowSignIns(1) },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets the owner in from their phone after ten wrong passwords to their e-mail, each sent as soon as Retry-After allowed', async () => {
    const member = await enrol('owner');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now());
      const outsider = [];
      for (let wrong = 0; wrong < 10;) {
        const answer = await deskCall('signin', {
          body: { email: member.email, password: 'a wrong password', code: '123456' },
          ip: '203.0.113.30',
        });
        outsider.push(answer.status);
        if (answer.status === 429)
          vi.setSystemTime(Date.now() + Number(answer.headers.get('retry-after')) * 1000);
        else wrong += 1;
      }
      expect(outsider.filter((s) => s === 401)).toHaveLength(10);
      const owner = await deskCall('signin', {
        body: { email: member.email, password: member.password, code: member.code(1) },
        ip: '198.51.100.30',
      });
      expect({ status: owner.status, message: owner.body.message }).toEqual({
        status: 200,
        message: DESK_ANSWERS.signedIn,
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps an outsider at one wrong password every 5 minutes from ever stopping the member', async () => {
    const member = await enrol('staff');
    vi.useFakeTimers({ toFake: ['Date'] });
    const wrong = (ip: string) =>
      deskCall('signin', {
        body: { email: member.email, password: 'a wrong password', code: '123456' },
        ip,
      });
    try {
      vi.setSystemTime(Date.now());
      // Ten first, from two addresses, as fast as they are let through…
      for (const ip of ['203.0.113.31', '203.0.113.35'])
        for (let i = 0; i < 5; i++) expect((await wrong(ip)).status).toBe(401);
      // …then one every 5 minutes, from a third (12 an hour, within any per-address cap).
      const memberStatuses: number[] = [];
      for (let minute = 0; minute < 60; minute += 5) {
        await wrong('203.0.113.36');
        vi.setSystemTime(Date.now() + 150_000);
        if (minute % 15 === 0) {
          const signedIn = await deskCall('signin', {
            body: { email: member.email, password: member.password, code: member.code() },
            ip: '198.51.100.31',
          });
          memberStatuses.push(signedIn.status);
        }
        vi.setSystemTime(Date.now() + 150_000);
      }
      expect(memberStatuses).toEqual([200, 200, 200, 200]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('caps wrong passwords for one e-mail from one address: the 6th in 15 minutes gets 429', async () => {
    const member = await enrol('staff');
    const statuses: number[] = [];
    // The clock stands still over the six tries: on a busy machine they take seconds (a password
    // hash each), and the 429's Retry-After counts from the first.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now());
      for (let i = 0; i < 6; i++) {
        const answer = await deskCall('signin', {
          body: { email: member.email, password: `wrong password ${i}`, code: '123456' },
          ip: '203.0.113.32',
        });
        statuses.push(answer.status);
        if (i === 5)
          expect({
            message: answer.body.message,
            retry: answer.headers.get('retry-after'),
          }).toEqual({ message: DESK_ANSWERS.tooManySignIns, retry: '900' });
      }
    } finally {
      vi.useRealTimers();
    }
    expect(statuses).toEqual([...Array(5).fill(401), 429]);
    const fromAnother = await deskCall('signin', {
      body: { email: member.email, password: member.password, code: member.code(1) },
      ip: '203.0.113.33',
    });
    expect(fromAnother.status).toBe(200);
  });

  it('checks 5 of 12 parallel wrong passwords to one e-mail from one address and refuses 7', async () => {
    const member = await enrol('staff');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        deskCall('signin', {
          body: { email: member.email, password: `parallel guess ${i}`, code: '123456' },
          ip: '203.0.113.34',
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([
      ...Array(5).fill(401),
      ...Array(7).fill(429),
    ]);
  });

  it('mails the member once when sign-ins as them keep failing, from any addresses, saying from where', async () => {
    const member = await enrol('staff');
    const attempts = [
      { password: 'wrong one', code: '123456' },
      { password: 'wrong two', code: '123456' },
      { password: member.password, code: otherThan(member.code(0), 11) },
      { password: 'wrong three', code: '123456' },
      { password: 'wrong four', code: '123456' },
      { password: 'wrong five', code: '123456' },
      { password: 'wrong six', code: '123456' },
    ];
    for (const [i, body] of attempts.entries())
      await deskCall('signin', {
        body: { email: member.email, ...body },
        ip: `203.0.113.${40 + i}`,
      });
    await settleBackground();
    const mails = readdirSync(path.join(env.dir, 'outbox'))
      .filter((f) => f.endsWith(`-${member.email}.txt`))
      .map((f) => readFileSync(path.join(env.dir, 'outbox', f), 'utf8'))
      .filter((text) => text.includes('Subject: Failed sign-ins to the Bastaa desk as you'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(
      `Someone failed to sign in to the Bastaa desk as ${member.email} 5 times in the last 60 minutes, most recently from the address 203.0.113.44 on `,
    );
  });

  it('caps failed sign-ins per address: the 11th in 15 minutes gets 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const answer = await deskCall('signin', {
        body: { email: `guess${i}@bastaa.pk`, password: 'wrong password', code: '123456' },
        ip: '198.51.100.26',
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });

  it('ends every desk session at sign-out', async () => {
    const member = await enrol('staff');
    const out = await deskCall('signout', { token: member.token });
    expect({ status: out.status, message: out.body.message }).toEqual({
      status: 200,
      message: DESK_ANSWERS.signedOut,
    });
    expect((await deskCall('me', { token: member.token })).status).toBe(401);
  });
});

describe('invitations', { timeout: 60_000 }, () => {
  it('mails the one-time link to the invited person and never answers it to the caller', async () => {
    const answer = await deskCall('staff/invite', {
      body: { email: 'New.Person@Bastaa.pk', name: 'New Person', role: 'staff' },
      token: owner.token,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(DESK_ANSWERS.invited('new.person@bastaa.pk'));
    expect(answer.body.staff).toMatchObject({
      status: 'invited',
      role: 'staff',
      invitedBy: owner.id,
    });
    expect(JSON.stringify(answer.body)).not.toMatch(/token|#token=/i);
    await settleBackground();
    const mails = readdirSync(path.join(env.dir, 'outbox')).filter((f) =>
      f.endsWith('new.person@bastaa.pk.txt'),
    );
    expect(mails).toHaveLength(1);
    expect(readFileSync(path.join(env.dir, 'outbox', mails[0]!), 'utf8')).toMatch(
      /\/desk\/invite#token=[\w-]{43}\n/,
    );
  });

  it('refuses a desk password below owner strength, naming the rule, and sets nothing', async () => {
    const email = 'nadia.k@bastaa.pk';
    const { token } = await createInvitation(
      await getStore(),
      { email, name: 'Nadia', role: 'owner' },
      null,
    );
    const cases: [string, string][] = [
      ['aaaaaaaa', DESK_PASSWORD_RULES.repeated],
      ['bastaa123', DESK_PASSWORD_RULES.shopName('Bastaa')],
      ['Bastaa-Desk-2026', DESK_PASSWORD_RULES.shopName('Bastaa')],
      [email, DESK_PASSWORD_RULES.email],
      ['NadiaK!2026', DESK_PASSWORD_RULES.email],
      ['abcdefghij', DESK_PASSWORD_RULES.sequence],
      ['98765432', DESK_PASSWORD_RULES.sequence],
      ['lkjhgfdsa', DESK_PASSWORD_RULES.sequence],
      ['12345678', DESK_PASSWORD_RULES.common],
      ['Summer2026!', DESK_PASSWORD_RULES.guessable(2)],
    ];
    for (const [password, message] of cases) {
      const answer = await deskCall('staff/accept', {
        body: { token, password },
        ip: '192.0.2.201',
      });
      expect({ password, status: answer.status, message: answer.body.message }).toEqual({
        password,
        status: 400,
        message,
      });
    }
    const member = await (await getStore()).staff.findByEmail(email);
    expect({ passwordHash: member?.passwordHash, totpSecret: member?.totpSecret }).toEqual({
      passwordHash: null,
      totpSecret: null,
    });
    const strong = await deskCall('staff/accept', {
      body: { token, password: 'velvet harbour copper lantern' },
      ip: '192.0.2.201',
    });
    expect(strong.status).toBe(200);
  });

  it('refuses to invite an active member again', async () => {
    const answer = await deskCall('staff/invite', {
      body: { email: staff.email, name: 'Again', role: 'owner' },
      token: owner.token,
    });
    expect({ status: answer.status, message: answer.body.message }).toEqual({
      status: 409,
      message: DESK_ANSWERS.staffExists,
    });
  });

  it('refuses a replayed invitation once enrolment is confirmed', async () => {
    const store = await getStore();
    const { token, staff: invited } = await createInvitation(
      store,
      { email: 'replay@bastaa.pk', name: 'Replay', role: 'staff' },
      null,
    );
    const accepted = await deskCall('staff/accept', {
      body: { token, password: 'tall ladder purple kettle' },
      ip: '198.51.100.31',
    });
    const code = totpAt(base32Decode(accepted.body.secret as string), Date.now());
    expect(
      (await deskCall('staff/confirm', { body: { token, code }, ip: '198.51.100.31' })).status,
    ).toBe(200);
    const again = await deskCall('staff/accept', {
      body: { token, password: 'a different long password' },
      ip: '198.51.100.31',
    });
    expect({ status: again.status, message: again.body.message }).toEqual({
      status: 400,
      message: DESK_ANSWERS.badInvitation,
    });
    expect((await store.staff.findById(invited.id))?.status).toBe('active');
  });

  it('refuses an invitation older than 48 hours', async () => {
    const { token } = await createInvitation(
      await getStore(),
      { email: 'late@bastaa.pk', name: 'Late', role: 'staff' },
      null,
      Date.now() - INVITATION_TTL_MS - 1000,
    );
    const answer = await deskCall('staff/accept', {
      body: { token, password: 'tall ladder purple kettle' },
      ip: '198.51.100.32',
    });
    expect({ status: answer.status, message: answer.body.message }).toEqual({
      status: 400,
      message: DESK_ANSWERS.badInvitation,
    });
  });

  it('answers the authenticator key once the password is set, and asks for the password first', async () => {
    const { token } = await createInvitation(
      await getStore(),
      { email: 'enrol@bastaa.pk', name: 'Enrol', role: 'staff' },
      null,
    );
    const early = await deskCall('staff/confirm', {
      body: { token, code: '123456' },
      ip: '198.51.100.33',
    });
    expect({ status: early.status, message: early.body.message }).toEqual({
      status: 400,
      message: DESK_ANSWERS.setPasswordFirst,
    });
    const accepted = await deskCall('staff/accept', {
      body: { token, password: 'tall ladder purple kettle' },
      ip: '198.51.100.33',
    });
    expect(accepted.body).toEqual({
      success: true,
      message: DESK_ANSWERS.passwordSet,
      email: 'enrol@bastaa.pk',
      secret: expect.stringMatching(/^[A-Z2-7]{32}$/),
      otpauthUri: expect.stringMatching(
        /^otpauth:\/\/totp\/Bastaa%20desk%3Aenrol%40bastaa\.pk\?secret=[A-Z2-7]{32}&/,
      ),
    });
    const wrong = await deskCall('staff/confirm', {
      body: { token, code: 'abcdef' },
      ip: '198.51.100.33',
    });
    expect({ status: wrong.status, message: wrong.body.message }).toEqual({
      status: 400,
      message: DESK_ANSWERS.badCode,
    });
  });

  it('ends a member’s sessions when the owner changes their role', async () => {
    const member = await enrol('staff');
    const changed = await deskCall('staff/role', {
      body: { staffId: member.id, role: 'owner' },
      token: owner.token,
    });
    expect({ status: changed.status, message: changed.body.message }).toEqual({
      status: 200,
      message: DESK_ANSWERS.roleChanged(member.email, 'owner'),
    });
    expect((await deskCall('me', { token: member.token })).body.message).toBe(
      DESK_ANSWERS.sessionEnded,
    );
  });

  it('refuses to let the owner demote or remove themself', async () => {
    const answer = await deskCall('staff/remove', {
      body: { staffId: owner.id },
      token: owner.token,
    });
    expect({ status: answer.status, message: answer.body.message }).toEqual({
      status: 403,
      message: DESK_ANSWERS.notYourself,
    });
  });

  it('writes invitations, enrolments, sign-ins, role changes and removals to the audit log the owner reads', async () => {
    const answer = await deskCall('audit', {
      body: { target: `staff:${removed.id}` },
      token: owner.token,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.entries.map((e: { action: string }) => e.action)).toEqual([
      'staff.remove',
      'staff.enrol',
    ]);
    expect(answer.body.entries[0]).toMatchObject({
      actor: { id: owner.id, email: owner.email },
      before: { status: 'active' },
      after: { status: 'removed' },
      atKarachi: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
    });
  });
});
