// The desk bench's own setup, so `npm run bench -- --only=desk` runs whole: its member may make
// every call the bench times, and a short run times every scenario through the desk's router.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deskListSpeed,
  deskScenarios,
  signInBenchMember,
} from '../../scripts/bench/desk-orders.ts';
import { ENDPOINTS } from '../../src/lib/contract/endpoints.ts';
import { authenticateStaff } from '../../src/server/accounts/index.ts';
import { loadConfig } from '../../src/server/config.ts';
import { getStore } from '../../src/server/store/index.ts';
import { useTempDataDir } from '../fixtures/env.ts';

let env: Awaited<ReturnType<typeof useTempDataDir>>;
beforeAll(async () => {
  env = await useTempDataDir();
});
afterAll(() => env.cleanup());

/** Who may make the desk call `/api/desk/<call>`, as the endpoint table says. */
function accessOf(call: string) {
  const path = `/api/desk/${call}`;
  const spec = Object.values(ENDPOINTS).find((e) => (e.paths as readonly string[]).includes(path));
  if (!spec) throw new Error(`no desk call ${path}`);
  return spec.access as 'staff' | 'owner' | 'personalData';
}

describe('the desk bench', () => {
  it('signs in as a member the desk lets make every call the bench times', async () => {
    const store = await getStore();
    const token = await signInBenchMember(store);
    const deps = { store, config: loadConfig() };
    const calls = [...new Set(deskScenarios(Date.now()).map((s) => s.call))];
    const admitted = await Promise.all(
      calls.map(async (call) => {
        const member = await authenticateStaff(deps, token, accessOf(call));
        return [call, member.email];
      }),
    );
    expect(admitted).toEqual(calls.map((call) => [call, 'bench@bastaa.pk']));
  });

  it('times every scenario through the desk router on a small store, none refused', async () => {
    // 30 orders: order 9 is ayesha9@example.com, whom the customer look-up asks for.
    const rows = await deskListSpeed(30, 1);
    expect(rows.map((r) => [r.scenario, r.orders, r.runs])).toEqual(
      deskScenarios(Date.now()).map((s) => [s.scenario, 30, 1]),
    );
    expect(rows.find((r) => r.scenario === 'customer look-up')?.matched).toBe(1);
  });
});
