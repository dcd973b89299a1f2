// The configuration is read once per request: the calls of one request share what its first call
// read, and the next request reads the environment again (as the tests that change it expect).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { withRequest } from '../../src/server/request-log.ts';

afterEach(() => vi.unstubAllEnvs());

const request = (id: string) => ({ requestId: id, ref: id.slice(0, 6) });

describe('loadConfig', () => {
  it('answers one request what its first call read, though the environment changes meanwhile', async () => {
    vi.stubEnv('MAIL_FROM', 'First <a@shop.pk>');
    const names = await withRequest(request('request-one'), async () => {
      const first = loadConfig().MAIL_FROM;
      vi.stubEnv('MAIL_FROM', 'Second <b@shop.pk>');
      await Promise.resolve();
      return [first, loadConfig().MAIL_FROM];
    });
    expect(names).toEqual(['First <a@shop.pk>', 'First <a@shop.pk>']);
  });

  it('reads the environment again for the next request, and outside any request', async () => {
    vi.stubEnv('MAIL_FROM', 'First <a@shop.pk>');
    await withRequest(request('request-two'), async () => loadConfig());
    vi.stubEnv('MAIL_FROM', 'Second <b@shop.pk>');
    expect(await withRequest(request('request-three'), async () => loadConfig().MAIL_FROM)).toBe(
      'Second <b@shop.pk>',
    );
    vi.stubEnv('MAIL_FROM', 'Third <c@shop.pk>');
    expect(loadConfig().MAIL_FROM).toBe('Third <c@shop.pk>');
  });

  it('reads an environment it is given, not the request’s', async () => {
    vi.stubEnv('MAIL_FROM', 'First <a@shop.pk>');
    const given = await withRequest(request('request-four'), async () => {
      loadConfig();
      return loadConfig({ ...process.env, MAIL_FROM: 'Given <d@shop.pk>' }).MAIL_FROM;
    });
    expect(given).toBe('Given <d@shop.pk>');
  });
});
