// Passkeys and the desk's session cookie, through the desk router with real Requests and real
// WebAuthn bytes (a software authenticator that makes P-256 credentials and signs assertions): a
// member proves it is them (password and code, or a passkey they have) and adds a named passkey,
// is mailed, and signs in with it alone; the attacks each get a clear refusal and change nothing:
// a stolen session alone, a wrong password or code, replayed options, another member's credential
// or proof, a replayed assertion, a wrong origin or RP id, a counter that goes back, an unknown
// credential, a malformed or oversized body, a stale challenge. The owner sees and removes any
// member's passkeys; signing out everywhere may remove them, and demotion and removal do. And the
// cookie: its attributes, Sign Out, a shopper's token in it, a cross-site POST.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import account from '../../netlify/functions/account.mts';
import { karachiTime } from '../../src/lib/desk.ts';
import { DESK_ANSWERS } from '../../src/lib/desk-messages.ts';
import { SERVER_MESSAGES } from '../../src/lib/messages.ts';
import { settleBackground } from '../../src/server/background.ts';
import { getStore } from '../../src/server/store/index.ts';
import { call, signUp, type Answer } from '../fixtures/api.ts';
import { desk, deskCall, enrol, sessionCookieOf, type Member } from '../fixtures/desk.ts';
import { useTempDataDir } from '../fixtures/env.ts';
import { SoftAuthenticator, type SoftCredential } from '../fixtures/soft-authenticator.ts';

/** Where the tests' Requests are addressed: the desk's origin, and so its RP id. */
const ORIGIN = 'http://localhost';

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let owner: Member;
let alice: Member;
let bob: Member;
const phone = new SoftAuthenticator();
let alicePasskey: SoftCredential;
let ips = 0;
/** A fresh client address, so the throttles of one test never touch another's. */
const ip = () => `198.51.100.${++ips}`;

beforeAll(async () => {
  env = await useTempDataDir();
  owner = await enrol('owner', 'Passkey Owner');
  alice = await enrol('staff', 'Alice Passkey');
  bob = await enrol('staff', 'Bob Passkey');
  alicePasskey = (await addPasskey(alice, 'Alice’s Pixel')).credential;
}, 60_000);
afterAll(async () => {
  await settleBackground();
  await env.cleanup();
});

/** A passkey each member already has, which proves it is them before they add another. */
const held = new Map<string, { authenticator: SoftAuthenticator; credential: SoftCredential }>();

/**
 * What proves it is `member` before a passkey is added: an assertion of a passkey they have, or
 * else their password and the app's next code (each code works once).
 */
async function proofOf(member: Member): Promise<Record<string, unknown>> {
  const key = held.get(member.id);
  if (!key) return { password: member.password, code: member.code(1) };
  const options = await deskCall('passkeys/proof-options', { token: member.token });
  expect(options.status).toBe(200);
  return { assertion: key.authenticator.get(options.body.options, ORIGIN, key.credential) };
}

/** Registration options for `member`, proven as the Settings screen proves it. */
async function registrationOptions(member: Member) {
  const options = await deskCall('passkeys/options', {
    token: member.token,
    body: await proofOf(member),
  });
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  return options.body.options;
}

/** Adds a passkey made on `authenticator` to `member`, as the Settings screen does. */
async function addPasskey(member: Member, name: string, authenticator = phone) {
  const made = authenticator.create(await registrationOptions(member), ORIGIN);
  const added = await call(desk, '/api/desk/passkeys/add', {
    token: member.token,
    body: { name, response: made.response },
    headers: { 'user-agent': PIXEL_CHROME },
    ip: '203.0.113.50',
  });
  if (added.status === 200 && !held.has(member.id))
    held.set(member.id, { authenticator, credential: made.credential });
  return { ...made, added };
}

/** A phone's Chrome, as its user agent names it. */
const PIXEL_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

/** The mails in the local outbox to `email` (no SMTP_URL), once the answers' mails are sent. */
async function mailsTo(email: string): Promise<{ subject: string; text: string }[]> {
  await settleBackground();
  const outbox = path.join(env.dir, 'outbox');
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((f) => f.endsWith(`-${email}.txt`))
    .sort()
    .map((f) => {
      const raw = readFileSync(path.join(outbox, f), 'utf8');
      return {
        subject: /^Subject: (.*)$/m.exec(raw)![1]!,
        text: raw.split('\n\n').slice(1).join('\n\n'),
      };
    });
}

/** Sign-in options: a fresh challenge. */
async function signInOptions(from = ip()) {
  const answer = await deskCall('passkey/options', { ip: from });
  expect(answer.status).toBe(200);
  return answer.body.options as { challenge: string; rpId: string };
}

/** Signs in with a passkey's assertion. */
const passkeySignIn = (response: unknown, from = ip()): Promise<Answer> =>
  deskCall('passkey/signin', { body: { response }, ip: from });

const storedCounter = async (id: string) =>
  (await (await getStore()).passkeys.findById(id))!.counter;

describe('adding a passkey', { timeout: 60_000 }, () => {
  it('keeps it under its name for the member, with its counter, and lists it to them alone', async () => {
    const list = await deskCall('passkeys/list', { token: alice.token });
    expect(list.status).toBe(200);
    expect(list.body.passkeys).toMatchObject([
      { id: alicePasskey.id, name: 'Alice’s Pixel', lastUsedAt: null },
    ]);
    expect((await deskCall('passkeys/list', { token: bob.token })).body.passkeys).toEqual([]);
    const stored = (await (await getStore()).passkeys.findById(alicePasskey.id))!;
    expect(stored).toMatchObject({ staffId: alice.id, counter: 0, transports: ['internal'] });
  });

  it('answers the added passkey with the message naming it', async () => {
    const laptop = new SoftAuthenticator();
    const { added } = await addPasskey(bob, 'Office laptop', laptop);
    expect(added.status).toBe(200);
    expect(added.body.message).toBe(DESK_ANSWERS.passkeyAdded('Office laptop'));
    expect(added.body.passkeys.map((p: { name: string }) => p.name)).toEqual(['Office laptop']);
  });

  it("refuses a credential id another member already added (someone else's credential), and theirs stays", async () => {
    const thief = new SoftAuthenticator();
    const made = thief.create(await registrationOptions(bob), ORIGIN, {
      credentialId: new Uint8Array(Buffer.from(alicePasskey.id, 'base64url')),
    });
    const answer = await deskCall('passkeys/add', {
      token: bob.token,
      body: { name: 'Stolen', response: made.response },
    });
    expect(answer).toMatchObject({ status: 409, body: { message: DESK_ANSWERS.passkeyTaken } });
    const stored = (await (await getStore()).passkeys.findById(alicePasskey.id))!;
    expect(stored.staffId).toBe(alice.id);
  });

  it('refuses an answer made for another site (wrong origin, wrong RP id) and keeps nothing', async () => {
    for (const bend of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }]) {
      const made = new SoftAuthenticator().create(await registrationOptions(bob), ORIGIN, bend);
      const answer = await deskCall('passkeys/add', {
        token: bob.token,
        body: { name: 'Elsewhere', response: made.response },
      });
      expect(answer).toMatchObject({
        status: 400,
        body: { message: DESK_ANSWERS.passkeyNotAdded },
      });
      expect(await (await getStore()).passkeys.findById(made.credential.id)).toBeNull();
    }
  });

  it("refuses another member's challenge, and a sign-in challenge, as expired", async () => {
    const alices = await registrationOptions(alice);
    const signin = await signInOptions();
    for (const options of [alices, { ...alices, challenge: signin.challenge }]) {
      const made = new SoftAuthenticator().create(options, ORIGIN);
      const answer = await deskCall('passkeys/add', {
        token: bob.token,
        body: { name: 'Borrowed', response: made.response },
      });
      expect(answer).toMatchObject({ status: 400, body: { message: DESK_ANSWERS.passkeyExpired } });
      expect(await (await getStore()).passkeys.findById(made.credential.id)).toBeNull();
    }
  });

  it('needs a desk session', async () => {
    const answer = await deskCall('passkeys/options', {
      body: { password: alice.password, code: '123456' },
    });
    expect(answer).toMatchObject({ status: 401, body: { message: DESK_ANSWERS.signInRequired } });
  });
});

describe('adding a passkey needs more than a session', { timeout: 60_000 }, () => {
  /** A passkey made over `options` and sent to passkeys/add as `member`. */
  async function sendNew(
    member: Member,
    options: unknown,
    authenticator = new SoftAuthenticator(),
  ) {
    const made = authenticator.create(options as never, ORIGIN);
    const answer = await deskCall('passkeys/add', {
      token: member.token,
      body: { name: 'Attacker’s key', response: made.response },
    });
    return { made, answer };
  }

  it('refuses options to a session cookie alone, and an add over a challenge made up by the caller', async () => {
    const victim = await enrol('staff', 'Victim Session');
    const options = await deskCall('passkeys/options', { token: victim.token });
    expect(options).toMatchObject({ status: 403, body: { message: DESK_ANSWERS.proofNeeded } });
    const onlyPassword = await deskCall('passkeys/options', {
      token: victim.token,
      body: { password: victim.password },
    });
    expect(onlyPassword).toMatchObject({
      status: 403,
      body: { message: DESK_ANSWERS.proofNeeded },
    });
    const invented = { challenge: 'aW52ZW50ZWQ', rp: { id: 'localhost' }, user: { id: 'eA' } };
    const { made, answer } = await sendNew(victim, invented);
    expect(answer).toMatchObject({ status: 400, body: { message: DESK_ANSWERS.passkeyExpired } });
    expect(await (await getStore()).passkeys.findById(made.credential.id)).toBeNull();
    // Still signed in: a refusal asks for proof, it does not end the session.
    expect((await deskCall('me', { token: victim.token })).status).toBe(200);
  });

  it('refuses a wrong password with the right code, and a wrong code with the right password', async () => {
    const victim = await enrol('staff', 'Victim Guess');
    const attempts = [
      { password: 'not the password', code: victim.code(1) },
      { password: victim.password, code: victim.code(1) === '000000' ? '111111' : '000000' },
    ];
    for (const body of attempts) {
      const answer = await deskCall('passkeys/options', { token: victim.token, body });
      expect(answer).toMatchObject({ status: 403, body: { message: DESK_ANSWERS.proofRefused } });
    }
    // The right pair still works: the wrong password did not use the code up.
    const right = await deskCall('passkeys/options', {
      token: victim.token,
      body: { password: victim.password, code: victim.code(1) },
    });
    expect(right.status).toBe(200);
  });

  it('refuses the same options request replayed (its code works once), and a replayed proof assertion', async () => {
    const member = await enrol('staff', 'Replay Target');
    const body = { password: member.password, code: member.code(1) };
    const first = await deskCall('passkeys/options', { token: member.token, body });
    expect(first.status).toBe(200);
    const replay = await deskCall('passkeys/options', { token: member.token, body });
    expect(replay).toMatchObject({ status: 403, body: { message: DESK_ANSWERS.proofRefused } });
    // A passkey added over the first options proves the next add; its assertion works once.
    const key = new SoftAuthenticator();
    const made = key.create(first.body.options, ORIGIN);
    const added = await deskCall('passkeys/add', {
      token: member.token,
      body: { name: 'First key', response: made.response },
    });
    expect(added.status).toBe(200);
    const proof = await deskCall('passkeys/proof-options', { token: member.token });
    const assertion = key.get(proof.body.options, ORIGIN, made.credential);
    const proven = await deskCall('passkeys/options', { token: member.token, body: { assertion } });
    expect(proven.status).toBe(200);
    const again = await deskCall('passkeys/options', { token: member.token, body: { assertion } });
    expect(again).toMatchObject({ status: 400, body: { message: DESK_ANSWERS.passkeyExpired } });
    // And the registration challenge itself is taken once.
    const twice = key.create(first.body.options, ORIGIN);
    const reused = await deskCall('passkeys/add', {
      token: member.token,
      body: { name: 'Second try', response: twice.response },
    });
    expect(reused).toMatchObject({ status: 400, body: { message: DESK_ANSWERS.passkeyExpired } });
  });

  it("refuses another member's passkey as proof, and a proof challenge issued to another member", async () => {
    // Bob's session proves with Alice's passkey over Bob's own challenge.
    const bobs = await deskCall('passkeys/proof-options', { token: bob.token });
    const withAlices = phone.get(bobs.body.options, ORIGIN, alicePasskey);
    const counter = await storedCounter(alicePasskey.id);
    const answer = await deskCall('passkeys/options', {
      token: bob.token,
      body: { assertion: withAlices },
    });
    alicePasskey.counter = counter;
    expect(answer).toMatchObject({
      status: 403,
      body: { message: DESK_ANSWERS.passkeyProofRefused },
    });
    expect(await storedCounter(alicePasskey.id)).toBe(counter);
    // Alice's proof challenge, answered by Alice's passkey, sent in Bob's session.
    const alices = await deskCall('passkeys/proof-options', { token: alice.token });
    const hers = phone.get(alices.body.options, ORIGIN, alicePasskey);
    const borrowed = await deskCall('passkeys/options', {
      token: bob.token,
      body: { assertion: hers },
    });
    alicePasskey.counter = counter;
    expect(borrowed).toMatchObject({ status: 400, body: { message: DESK_ANSWERS.passkeyExpired } });
  });

  it('tells a member with no passkey to prove it with their password and code', async () => {
    const fresh = await enrol('staff', 'No Passkey Yet');
    const answer = await deskCall('passkeys/proof-options', { token: fresh.token });
    expect(answer).toMatchObject({
      status: 409,
      body: { message: DESK_ANSWERS.noPasskeyForProof },
    });
  });
});

describe('what the member is told', { timeout: 60_000 }, () => {
  it('mails the member each passkey added, naming it, the device it came from and when', async () => {
    const member = await enrol('staff', 'Mailed Adder');
    const before = Date.now();
    const { added } = await addPasskey(member, 'Hamza’s Pixel', new SoftAuthenticator());
    const after = Date.now();
    expect(added.status).toBe(200);
    const [mail, ...more] = await mailsTo(member.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('A passkey was added to your Bastaa desk account');
    // The minute it was added, read between `before` and `after`: a busy machine's enrolment and
    // passkey can straddle a minute's turn (a loaded run was refused by one minute).
    const sentence = (when: number) =>
      `A passkey named “Hamza’s Pixel” was added to your Bastaa desk account (${member.email}) on ${karachiTime(when)} (Karachi time), from Chrome on Android at the address 203.0.113.50.`;
    const told = mail!.text.split('\n').find((line) => line.startsWith('A passkey named'));
    expect([sentence(before), sentence(after)]).toContain(told);
    expect(mail!.text).toContain('Sign out everywhere');
  });

  it('mails the member a passkey they removed, by name', async () => {
    const member = await enrol('staff', 'Mailed Remover');
    const { credential } = await addPasskey(member, 'Old tablet', new SoftAuthenticator());
    const removed = await deskCall('passkeys/remove', {
      token: member.token,
      body: { id: credential.id },
    });
    expect(removed.status).toBe(200);
    // Both mails leave in the background, each as soon as its answer is sent: which one the outbox
    // writes first is the machine's, not the shop's, so they are compared as a set.
    const mails = await mailsTo(member.email);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'A passkey was added to your Bastaa desk account',
      'A passkey was removed from your Bastaa desk account',
    ]);
    const removal = mails.find((m) => m.subject.includes('removed'));
    expect(removal!.text).toMatch(
      /^The passkey “Old tablet” was removed from your Bastaa desk account \(.+\) on .+ \(Karachi time\): you removed it\.$/m,
    );
  });
});

describe("the owner and members' passkeys", { timeout: 60_000 }, () => {
  it("lists every member's passkeys with name, when added and last used, to the owner only", async () => {
    const list = await deskCall('staff/passkeys', { token: owner.token });
    expect(list.status).toBe(200);
    const alices = (list.body.members as { staffId: string }[]).find((m) => m.staffId === alice.id);
    expect(alices).toMatchObject({
      name: 'Alice Passkey',
      email: alice.email,
      passkeys: [{ id: alicePasskey.id, name: 'Alice’s Pixel', createdAt: expect.any(String) }],
    });
    expect(alices).toHaveProperty('passkeys.0.lastUsedAt');
    const asStaff = await deskCall('staff/passkeys', { token: bob.token });
    expect(asStaff).toMatchObject({ status: 403, body: { message: DESK_ANSWERS.ownerOnly } });
  });

  it("removes a member's passkey: it signs in no one, and the member is mailed who removed it", async () => {
    const erin = await enrol('staff', 'Erin Owned');
    const erinsKey = new SoftAuthenticator();
    const { credential } = await addPasskey(erin, 'Unknown laptop', erinsKey);
    const wrongMember = await deskCall('staff/passkeys/remove', {
      token: owner.token,
      body: { staffId: bob.id, id: credential.id },
    });
    expect(wrongMember).toMatchObject({
      status: 404,
      body: { message: DESK_ANSWERS.staffPasskeyNotFound },
    });
    const byStaff = await deskCall('staff/passkeys/remove', {
      token: bob.token,
      body: { staffId: erin.id, id: credential.id },
    });
    expect(byStaff.status).toBe(403);
    const answer = await deskCall('staff/passkeys/remove', {
      token: owner.token,
      body: { staffId: erin.id, id: credential.id },
    });
    expect(answer).toMatchObject({
      status: 200,
      body: { message: DESK_ANSWERS.staffPasskeyRemoved('Unknown laptop', 'Erin Owned') },
    });
    const erins = (answer.body.members as { staffId: string; passkeys: unknown[] }[]).find(
      (m) => m.staffId === erin.id,
    );
    expect(erins!.passkeys).toEqual([]);
    const signIn = await passkeySignIn(erinsKey.get(await signInOptions(), ORIGIN, credential));
    expect(signIn).toMatchObject({ status: 401, body: { message: DESK_ANSWERS.passkeyRefused } });
    // Looked for among all: the "added" mail goes out in the background and may come last.
    const mails = await mailsTo(erin.email);
    expect(mails.filter((m) => m.text.includes(': Passkey Owner removed it.'))).toHaveLength(1);
  });

  it('takes a demoted owner’s passkeys away, and mails them', async () => {
    const second = await enrol('owner', 'Second Owner');
    const key = new SoftAuthenticator();
    const { credential } = await addPasskey(second, 'Owner phone', key);
    const demoted = await deskCall('staff/role', {
      token: owner.token,
      body: { staffId: second.id, role: 'staff' },
    });
    expect(demoted.status).toBe(200);
    expect(await (await getStore()).passkeys.listByStaff(second.id)).toEqual([]);
    const signIn = await passkeySignIn(key.get(await signInOptions(), ORIGIN, credential));
    expect(signIn).toMatchObject({ status: 401, body: { message: DESK_ANSWERS.passkeyRefused } });
    const mails = await mailsTo(second.email);
    expect(
      mails.filter((m) => m.text.includes('The passkey “Owner phone” was removed')),
    ).toHaveLength(1);
  });
});

describe('signing out everywhere', { timeout: 60_000 }, () => {
  it('says what became of push alerts, and keeps passkeys unless asked', async () => {
    const member = await enrol('staff', 'Keeps Keys');
    await addPasskey(member, 'Kept key', new SoftAuthenticator());
    const out = await deskCall('signout', { token: member.token });
    expect(out).toMatchObject({
      status: 200,
      body: {
        message:
          'Signed out of the desk on every device. Push alerts are now off on all your devices, this one included: after you sign in again, turn them on in Settings.',
      },
    });
    expect(await (await getStore()).passkeys.listByStaff(member.id)).toHaveLength(1);
  });

  it('removes every passkey of the member when asked, so one added with a stolen session signs in no one after', async () => {
    const member = await enrol('staff', 'Drops Keys');
    const attackers = new SoftAuthenticator();
    const { credential } = await addPasskey(member, 'Looks harmless', attackers);
    await addPasskey(member, 'My phone', new SoftAuthenticator());
    const out = await deskCall('signout', {
      token: member.token,
      body: { removePasskeys: true },
    });
    expect(out).toMatchObject({
      status: 200,
      body: { message: DESK_ANSWERS.signedOutPasskeysRemoved(2) },
    });
    expect(out.body.message).toContain('your 2 passkeys were removed');
    const signIn = await passkeySignIn(attackers.get(await signInOptions(), ORIGIN, credential));
    expect(signIn).toMatchObject({ status: 401, body: { message: DESK_ANSWERS.passkeyRefused } });
    // Found by its subject: the "added" mails go out in the background and, on a busy machine, can
    // reach the outbox after this one.
    const removed = (await mailsTo(member.email)).filter(
      (m) => m.subject === 'Passkeys were removed from your Bastaa desk account',
    );
    expect(removed).toEqual([
      {
        subject: 'Passkeys were removed from your Bastaa desk account',
        text: expect.stringContaining(
          'The passkeys “Looks harmless”, “My phone” were removed from your Bastaa desk account',
        ),
      },
    ]);
  });
});

describe('signing in with a passkey', { timeout: 60_000 }, () => {
  it('signs the member in with the passkey alone: the session is a cookie, the counter moves on', async () => {
    const options = await signInOptions();
    expect(options.rpId).toBe('localhost');
    const answer = await passkeySignIn(phone.get(options, ORIGIN, alicePasskey));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      message: DESK_ANSWERS.signedInWithPasskey,
      staff: { id: alice.id },
    });
    expect(answer.body).not.toHaveProperty('token');
    const token = sessionCookieOf(answer.headers)!;
    expect((await deskCall('me', { token })).body.staff.email).toBe(alice.email);
    expect(await storedCounter(alicePasskey.id)).toBe(alicePasskey.counter);
    const audit = await (await getStore()).audit.list({ actorId: alice.id, action: 'desk.signIn' });
    expect(audit[0]!.after).toMatchObject({ passkey: 'Alice’s Pixel' });
  });

  it('refuses a replayed assertion (its challenge was used): no second session, the counter unmoved', async () => {
    const assertion = phone.get(await signInOptions(), ORIGIN, alicePasskey);
    expect((await passkeySignIn(assertion)).status).toBe(200);
    const counter = await storedCounter(alicePasskey.id);
    const replay = await passkeySignIn(assertion);
    expect(replay).toMatchObject({ status: 401, body: { message: DESK_ANSWERS.passkeyExpired } });
    expect(sessionCookieOf(replay.headers)).toBeNull();
    expect(await storedCounter(alicePasskey.id)).toBe(counter);
  });

  const refusals: [string, (options: { challenge: string; rpId: string }) => unknown][] = [
    ['a wrong origin', (o) => phone.get(o, 'https://evil.example', alicePasskey)],
    ['a wrong RP id', (o) => phone.get(o, ORIGIN, alicePasskey, { rpId: 'evil.example' })],
    [
      'a counter that goes back',
      (o) => phone.get(o, ORIGIN, alicePasskey, { counter: Math.max(alicePasskey.counter - 1, 1) }),
    ],
    [
      "another member's user handle on Alice's credential",
      (o) =>
        phone.get(o, ORIGIN, alicePasskey, {
          userHandle: Buffer.from(bob.id).toString('base64url'),
        }),
    ],
    [
      'an unknown credential',
      (o) => {
        const stranger = new SoftAuthenticator();
        const made = stranger.create(
          { challenge: 'x', rp: { id: 'localhost' }, user: { id: 'bm9ib2R5' } },
          ORIGIN,
        );
        return stranger.get(o, ORIGIN, made.credential);
      },
    ],
    [
      "a signature by another key over Alice's credential id",
      (o) => {
        const forger = new SoftAuthenticator();
        const made = forger.create(
          { challenge: 'x', rp: { id: 'localhost' }, user: { id: alicePasskey.userHandle } },
          ORIGIN,
        );
        return {
          ...forger.get(o, ORIGIN, made.credential),
          id: alicePasskey.id,
          rawId: alicePasskey.id,
        };
      },
    ],
    [
      'an assertion of the wrong ceremony type',
      (o) => phone.get(o, ORIGIN, alicePasskey, { type: 'webauthn.create' }),
    ],
  ];
  for (const [attack, assert] of refusals) {
    it(`refuses ${attack}: 401, no session, the counter unmoved`, async () => {
      // The counter the authenticator would send goes up only in its own memory.
      const before = await storedCounter(alicePasskey.id);
      const held = alicePasskey.counter;
      const answer = await passkeySignIn(assert(await signInOptions()));
      alicePasskey.counter = held;
      expect(answer).toMatchObject({ status: 401, body: { message: DESK_ANSWERS.passkeyRefused } });
      expect(sessionCookieOf(answer.headers)).toBeNull();
      expect(await storedCounter(alicePasskey.id)).toBe(before);
    });
  }

  it('refuses a challenge that has expired', async () => {
    const store = await getStore();
    const challenge = Buffer.from('an old challenge').toString('base64url');
    await store.passkeyChallenges.put({
      id: challenge,
      purpose: 'signin',
      staffId: null,
      expiresAt: Date.now() - 1,
    });
    const answer = await passkeySignIn(
      phone.get({ challenge, rpId: 'localhost' }, ORIGIN, alicePasskey),
    );
    expect(answer).toMatchObject({ status: 401, body: { message: DESK_ANSWERS.passkeyExpired } });
  });

  it('refuses a challenge issued for adding a passkey', async () => {
    const options = await registrationOptions(alice);
    const answer = await passkeySignIn(
      phone.get({ challenge: options.challenge, rpId: 'localhost' }, ORIGIN, alicePasskey),
    );
    expect(answer).toMatchObject({ status: 401, body: { message: DESK_ANSWERS.passkeyExpired } });
  });

  it('refuses a malformed body with the field named, and an oversized one with 413', async () => {
    const options = await signInOptions();
    const good = phone.get(options, ORIGIN, alicePasskey);
    const bad = await passkeySignIn({
      ...good,
      response: { ...good.response, signature: 'not base64url!' },
    });
    expect(bad).toMatchObject({
      status: 400,
      body: { message: 'Signature must be base64url text' },
    });
    const missing = await passkeySignIn({ id: good.id });
    expect(missing.status).toBe(400);
    const huge = await deskCall('passkey/signin', {
      ip: ip(),
      body: { response: { ...good, rawId: 'A'.repeat(200_000) } },
    });
    expect(huge).toMatchObject({ status: 413 });
    const notJson = await call(desk, '/api/desk/passkey/signin', {
      rawBody: '{"response":',
      ip: ip(),
    });
    expect(notJson.status).toBe(400);
    // The challenge these carried was never taken: the honest assertion still signs in.
    expect((await passkeySignIn(good)).status).toBe(200);
  });

  it("signs in no one with a removed member's passkey", async () => {
    const carol = await enrol('staff', 'Carol Removed');
    const carolsPhone = new SoftAuthenticator();
    const { credential } = await addPasskey(carol, 'Carol’s phone', carolsPhone);
    const removed = await deskCall('staff/remove', {
      token: owner.token,
      body: { staffId: carol.id },
    });
    expect(removed.status).toBe(200);
    expect(await (await getStore()).passkeys.listByStaff(carol.id)).toEqual([]);
    const answer = await passkeySignIn(carolsPhone.get(await signInOptions(), ORIGIN, credential));
    expect(answer).toMatchObject({ status: 401, body: { message: DESK_ANSWERS.passkeyRefused } });
  });
});

describe('removing a passkey', { timeout: 60_000 }, () => {
  it("refuses another member's passkey (not found), which stays", async () => {
    const answer = await deskCall('passkeys/remove', {
      token: bob.token,
      body: { id: alicePasskey.id },
    });
    expect(answer).toMatchObject({ status: 404, body: { message: DESK_ANSWERS.passkeyNotFound } });
    expect(await (await getStore()).passkeys.findById(alicePasskey.id)).not.toBeNull();
  });

  it('removes the member’s own, after which it signs in no one', async () => {
    const dave = await enrol('staff', 'Dave Removes');
    const davesKey = new SoftAuthenticator();
    const { credential } = await addPasskey(dave, 'Old key', davesKey);
    const answer = await deskCall('passkeys/remove', {
      token: dave.token,
      body: { id: credential.id },
    });
    expect(answer).toMatchObject({
      status: 200,
      body: { message: DESK_ANSWERS.passkeyRemoved('Old key'), passkeys: [] },
    });
    const signIn = await passkeySignIn(davesKey.get(await signInOptions(), ORIGIN, credential));
    expect(signIn).toMatchObject({ status: 401, body: { message: DESK_ANSWERS.passkeyRefused } });
  });
});

describe("the desk's session cookie", { timeout: 60_000 }, () => {
  /** Signs Alice in with her passkey and answers the Set-Cookie line and the token. */
  async function aliceSession(url = ORIGIN) {
    const options = await deskCall('passkey/options', { ip: ip() });
    const res = await desk(
      new Request(`${url}/api/desk/passkey/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify({ response: phone.get(options.body.options, ORIGIN, alicePasskey) }),
      }),
      { ip: ip() },
    );
    return { res, line: res.headers.getSetCookie()[0] ?? '', token: sessionCookieOf(res.headers)! };
  }

  const withCookie = (path: string, token: string, headers: Record<string, string> = {}) =>
    call(desk, `/api/desk/${path}`, {
      headers: { cookie: `deskSession=${token}`, ...headers },
      ip: ip(),
    });

  it('is HttpOnly, SameSite=Strict, only for /api/desk, for the 12 hours of the token; not Secure on http://localhost', async () => {
    const { line } = await aliceSession();
    expect(line).toMatch(/^deskSession=ey[\w-]+\.[\w-]+\.[\w-]+; /);
    expect(line).toContain('; Max-Age=43200');
    expect(line).toContain('; Path=/api/desk');
    expect(line).toContain('; HttpOnly');
    expect(line).toContain('; SameSite=Strict');
    expect(line).not.toContain('Secure');
  });

  it('is Secure on any other address', async () => {
    const options = await deskCall('passkey/options', { ip: ip() });
    const res = await desk(
      new Request('https://localhost/api/desk/passkey/signin', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://localhost' },
        body: JSON.stringify({
          response: phone.get(options.body.options, 'https://localhost', alicePasskey),
        }),
      }),
      { ip: ip() },
    );
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()[0]).toContain('; Secure');
  });

  it('carries the session to every call of the desk from the same site (any tab)', async () => {
    const { token } = await aliceSession();
    const me = await withCookie('me', token, { origin: ORIGIN });
    expect(me).toMatchObject({ status: 200, body: { staff: { id: alice.id } } });
    const orders = await withCookie('orders/list', token, { origin: ORIGIN });
    expect(orders.status).toBe(200);
  });

  it('refuses a cross-site POST: another Origin, or none at all, even with the cookie', async () => {
    const { token } = await aliceSession();
    const foreign = await withCookie('me', token, { origin: 'https://evil.example' });
    expect(foreign).toMatchObject({
      status: 403,
      body: { message: SERVER_MESSAGES.foreignOrigin },
    });
    const none = await withCookie('me', token);
    expect(none).toMatchObject({ status: 403, body: { message: SERVER_MESSAGES.foreignOrigin } });
    const signIn = await call(desk, '/api/desk/passkey/options', {
      headers: { origin: 'https://evil.example' },
      ip: ip(),
    });
    expect(signIn.status).toBe(403);
  });

  it('lets a call that needs no session through with a cookie and no Origin (a script enrolling)', async () => {
    const { token } = await aliceSession();
    const options = await withCookie('passkey/options', token);
    expect(options.status).toBe(200);
  });

  it("never accepts a shopper's token in the desk's cookie, and a shopper's login sets no cookie", async () => {
    const shopper = await signUp('Cookie Shopper');
    const answer = await withCookie('me', shopper.token, { origin: ORIGIN });
    expect(answer).toMatchObject({ status: 403, body: { message: DESK_ANSWERS.shopperToken } });
    const login = await call(account, '/api/user/login', {
      body: { email: shopper.email, password: 'correct horse battery' },
      ip: ip(),
    });
    expect(login.status).toBe(200);
    expect(login.headers.getSetCookie()).toEqual([]);
  });

  it('Sign Out clears the cookie and ends every session of the member: this tab, the others and the passkey one', async () => {
    const first = await aliceSession();
    const second = await aliceSession();
    const out = await withCookie('signout', first.token, { origin: ORIGIN });
    expect(out).toMatchObject({ status: 200, body: { message: DESK_ANSWERS.signedOut } });
    expect(out.headers.getSetCookie()[0]).toMatch(
      /^deskSession=; Max-Age=0; Path=\/api\/desk; HttpOnly; SameSite=Strict$/,
    );
    for (const token of [first.token, second.token, alice.token]) {
      const me = await withCookie('me', token, { origin: ORIGIN });
      expect(me).toMatchObject({ status: 401, body: { message: DESK_ANSWERS.sessionEnded } });
    }
  });
});
