// The audit log names what it records as the desk does: an order by its #number, a member by their
// name, and who acted by name (their e-mail kept beside it), never by the ids the log stores.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortNumber } from '../../src/lib/desk.ts';
import {
  AUDIT_ACTIONS,
  auditActionLabel,
  auditChangeLine,
  auditChanges,
} from '../../src/lib/desk-audit.ts';
import { deskCall, enrol, seedOrder, type Member } from '../fixtures/desk.ts';
import { useTempDataDir } from '../fixtures/env.ts';

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let owner: Member;
let staff: Member;

beforeAll(async () => {
  env = await useTempDataDir();
  owner = await enrol('owner', 'Nadia Owner');
  staff = await enrol('staff', 'Sana Staff');
}, 60_000);
afterAll(async () => env.cleanup());

interface Entry {
  action: string;
  target: string;
  targetLabel: string;
  actor: { id: string; email: string; name: string };
}

const entriesOf = async (target: string): Promise<Entry[]> => {
  const answer = await deskCall('audit', { token: owner.token, body: { target } });
  expect(answer.status).toBe(200);
  return answer.body.entries as Entry[];
};

describe('the audit log’s names', { timeout: 60_000 }, () => {
  it('names a moved order by its #number and the member who moved it by name', async () => {
    const order = await seedOrder({ id: 'eeeeeeee-0000-4000-8000-00007133649b' });
    const moved = await deskCall('orders/move', {
      token: staff.token,
      body: { order: order.id, from: 'Order Placed', to: 'Packing' },
    });
    expect(moved.status).toBe(200);
    const [entry] = await entriesOf(`order:${order.id}`);
    expect(entry).toMatchObject({
      action: 'order.move',
      target: `order:${order.id}`,
      targetLabel: `Order #${shortNumber(order.id)}`,
      actor: { id: staff.id, email: staff.email, name: 'Sana Staff' },
    });
    expect(entry!.targetLabel).toBe('Order #7133649B');
  });

  it('names a member the entry is about by their name', async () => {
    const entries = await entriesOf(`staff:${staff.id}`);
    expect(entries.map((e) => [e.action, e.targetLabel, e.actor.name])).toEqual([
      ['staff.enrol', 'Sana Staff', 'Sana Staff'],
    ]);
  });

  it('keeps a target that is neither an order nor a member as written', async () => {
    const saved = await deskCall('settings/save', {
      token: owner.token,
      body: { ordersEmail: 'orders@example.com' },
    });
    expect(saved.status).toBe(200);
    const [entry] = await entriesOf('settings');
    expect(entry).toMatchObject({ targetLabel: 'settings', actor: { name: 'Nadia Owner' } });
  });
});

describe('the audit log’s words', { timeout: 60_000 }, () => {
  it('has a label for every action this server wrote, and says a move in words', async () => {
    const order = await seedOrder({ id: 'eeeeeeee-0000-4000-8000-0000a0d17a11' });
    const moved = await deskCall('orders/move', {
      token: owner.token,
      body: { order: order.id, from: 'Order Placed', to: 'Packing' },
    });
    expect(moved.status).toBe(200);
    const all = await deskCall('audit', { token: owner.token, body: { limit: 500 } });
    expect(all.status).toBe(200);
    const entries = all.body.entries as (Entry & { before: unknown; after: unknown })[];
    expect(entries.length).toBeGreaterThanOrEqual(4);
    for (const e of entries) expect(AUDIT_ACTIONS).toContain(e.action);
    const move = entries.find((e) => e.target === `order:${order.id}`)!;
    expect(auditActionLabel(move.action)).toBe('Moved an order');
    expect(auditChanges(move.action, move.before, move.after)?.map(auditChangeLine)).toEqual([
      'Status: Order Placed → Packing',
    ]);
  });
});
