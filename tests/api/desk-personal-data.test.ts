// Customers' personal data on the desk (the orders export's names, phones and addresses, and the
// customer look-up) through the desk router with real Requests: the owner's, and a member's only
// once the owner allows it, audited; a member without it is refused the look-up in words, and their
// export (a sales grant's) leaves the customers out.
// The attacks: a member calling the endpoints directly, a member granting themselves or another,
// an owner granting themselves or another owner, a removed member, malformed bodies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import desk from '../../netlify/functions/desk.mts';
import { DESK_ANSWERS } from '../../src/lib/desk-messages.ts';
import { karachiDay } from '../../src/lib/desk.ts';
import { getStore } from '../../src/server/store/index.ts';
import { lahoreAddress } from '../fixtures/address.ts';
import { allow, deskCall, enrol, seedOrder, type Member } from '../fixtures/desk.ts';
import { apiRequest, useTempDataDir } from '../fixtures/env.ts';

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let owner: Member;
let otherOwner: Member;
let packer: Member;
let rider: Member;
let day: string;
const CUSTOMER = 'hira.aslam@example.com';

beforeAll(async () => {
  env = await useTempDataDir();
  owner = await enrol('owner', 'Owner');
  otherOwner = await enrol('owner', 'Second Owner');
  packer = await enrol('staff', 'Packer');
  rider = await enrol('staff', 'Rider');
  // The export is sales figures: both may export, and what it says of customers is this file's subject.
  await allow(owner, packer, 'sales');
  await allow(owner, rider, 'sales');
  const order = await seedOrder({ address: lahoreAddress({ email: CUSTOMER }) });
  day = karachiDay(order.date);
}, 60_000);
afterAll(async () => env.cleanup());

const grant = (token: string, staffId: string, allowed: unknown) =>
  deskCall('staff/personal-data', { token, body: { staffId, allowed } });
const lookUp = (token: string) => deskCall('customer', { token, body: { email: CUSTOMER } });

/** The export call: its status, and its text (a CSV file, or the JSON of a refusal). */
async function exportCsv(token: string) {
  const res = await desk(
    apiRequest('/api/desk/orders/export', { body: { from: day, to: day }, headers: { token } }),
    { ip: '203.0.113.80' },
  );
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

const stored = async (member: Member) => (await (await getStore()).staff.findById(member.id))!;
const audits = async (member: Member) =>
  (await getStore()).audit.list({ target: `staff:${member.id}`, action: 'staff.personalData' });

describe("customers' personal data", { timeout: 60_000 }, () => {
  it('is refused to a member the owner has not allowed, in words: no customer, and an export without them', async () => {
    const file = await exportCsv(packer.token);
    expect(file.status).toBe(200);
    expect(file.type).toBe('text/csv; charset=utf-8');
    expect(file.text).not.toContain(CUSTOMER);
    expect(file.text).not.toContain('E-mail');
    const customer = await lookUp(packer.token);
    expect({ status: customer.status, message: customer.body.message }).toEqual({
      status: 403,
      message: DESK_ANSWERS.personalDataOnly,
    });
    expect(JSON.stringify(customer.body)).not.toContain(CUSTOMER);
    expect(
      await (await getStore()).audit.list({ action: 'orders.export', actorId: packer.id }),
    ).toMatchObject([{ after: { rows: 1, personal: false } }]);
  });

  it('is the owner’s without asking', async () => {
    expect((await exportCsv(owner.token)).status).toBe(200);
    expect((await lookUp(owner.token)).status).toBe(200);
    const me = await deskCall('me', { token: owner.token });
    expect(me.body.staff.personalData).toBe(true);
  });

  it("is a member's once the owner allows it, audited, and shown on the member's desk", async () => {
    const answer = await grant(owner.token, packer.id, true);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      success: true,
      message: DESK_ANSWERS.personalDataSet(packer.email, true),
      staff: { id: packer.id, role: 'staff', personalData: true },
    });
    expect((await stored(packer)).personalData).toBe(true);
    expect(await audits(packer)).toMatchObject([
      {
        actor: { id: owner.id, email: owner.email },
        before: { personalData: false },
        after: { personalData: true },
      },
    ]);
    // Granting changes no session: the member's token works on, now with the right.
    const me = await deskCall('me', { token: packer.token });
    expect(me.body.staff.personalData).toBe(true);
    const file = await exportCsv(packer.token);
    expect(file.status).toBe(200);
    expect(file.type).toBe('text/csv; charset=utf-8');
    expect(file.text).toContain(CUSTOMER);
    expect((await lookUp(packer.token)).body.email).toBe(CUSTOMER);

    const list = await deskCall('staff/list', { token: owner.token });
    expect(list.body.staff.find((s: { id: string }) => s.id === packer.id).personalData).toBe(true);
  });

  it('says so, and writes nothing, when the member already has what the owner asks', async () => {
    const again = await grant(owner.token, packer.id, true);
    expect({ status: again.status, message: again.body.message }).toEqual({
      status: 200,
      message: DESK_ANSWERS.personalDataUnchanged(packer.email, true),
    });
    expect(await audits(packer)).toHaveLength(1);
  });

  it('ends at once when the owner stops it', async () => {
    const answer = await grant(otherOwner.token, packer.id, false);
    expect({ status: answer.status, message: answer.body.message }).toEqual({
      status: 200,
      message: DESK_ANSWERS.personalDataSet(packer.email, false),
    });
    expect((await exportCsv(packer.token)).text).not.toContain(CUSTOMER);
    expect((await lookUp(packer.token)).status).toBe(403);
    expect((await audits(packer)).map((e) => [e.actor.id, e.after])).toEqual([
      [otherOwner.id, { personalData: false }],
      [owner.id, { personalData: true }],
    ]);
  });

  it('cannot be granted by a member: not to themselves, nor to another', async () => {
    for (const target of [rider, packer]) {
      const answer = await grant(rider.token, target.id, true);
      expect({ status: answer.status, message: answer.body.message }).toEqual({
        status: 403,
        message: DESK_ANSWERS.ownerOnly,
      });
    }
    expect((await stored(rider)).personalData).toBeUndefined();
    expect((await stored(packer)).personalData).toBe(false);
    expect((await exportCsv(rider.token)).text).not.toContain(CUSTOMER);
  });

  it("is not an owner's to change: their own, or another owner's, who always has it", async () => {
    const own = await grant(owner.token, owner.id, false);
    expect({ status: own.status, message: own.body.message }).toEqual({
      status: 403,
      message: DESK_ANSWERS.notYourself,
    });
    const other = await grant(owner.token, otherOwner.id, false);
    expect({ status: other.status, message: other.body.message }).toEqual({
      status: 409,
      message: DESK_ANSWERS.ownersHavePersonalData(otherOwner.email),
    });
    expect((await exportCsv(otherOwner.token)).status).toBe(200);
  });

  it('is refused for a removed member and for an id no member has', async () => {
    const gone = await enrol('staff', 'Gone');
    expect(
      (await deskCall('staff/remove', { token: owner.token, body: { staffId: gone.id } })).status,
    ).toBe(200);
    for (const staffId of [gone.id, 'nobody']) {
      const answer = await grant(owner.token, staffId, true);
      expect({ status: answer.status, message: answer.body.message }).toEqual({
        status: 404,
        message: DESK_ANSWERS.staffNotFound,
      });
    }
    expect((await stored(gone)).personalData).toBeUndefined();
  });

  it('refuses a malformed grant with a clear message and changes nothing', async () => {
    const cases: [unknown, string][] = [
      [{ staffId: rider.id, allowed: 'yes' }, 'Allowed must be true or false'],
      [{ staffId: rider.id }, 'Allowed must be true or false'],
      [{ staffId: { $ne: null }, allowed: true }, 'Must be text'],
      [{ allowed: true }, 'Staff id is required'],
    ];
    for (const [body, message] of cases) {
      const answer = await deskCall('staff/personal-data', { token: owner.token, body });
      expect({ status: answer.status, message: answer.body.message }).toEqual({
        status: 400,
        message,
      });
    }
    expect((await stored(rider)).personalData).toBeUndefined();
  });
});
