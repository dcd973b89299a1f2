import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import account from '../../netlify/functions/account.mts';
import { endpointFor } from '../../scripts/api-endpoints.ts';
import { call, signUp } from '../fixtures/api.ts';
import { useTempDataDir } from '../fixtures/env.ts';

let env: Awaited<ReturnType<typeof useTempDataDir>>;
beforeAll(async () => {
  env = await useTempDataDir();
});
afterAll(async () => env.cleanup());

describe('POST /api/user/logout', () => {
  it('answers success and the signed-out message, and the token then gets 401 on /api/order/userorders', async () => {
    const { token } = await signUp('Sign Out');
    expect((await call(account, '/api/order/userorders', { token })).status).toBe(200);
    const answer = await call(account, '/api/user/logout', { token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, msg: 'Signed out successfully' });
    const after = await call(account, '/api/order/userorders', { token });
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({
      success: false,
      message: 'Your session has expired. Please log in again.',
    });
  });

  it('ends a copy of the token held elsewhere, and a fresh login works again', async () => {
    const { token, email } = await signUp('Two Devices');
    const login = await call(account, '/api/user/login', {
      body: { email, password: 'correct horse battery' },
    });
    const otherDevice = login.body.token as string;
    await call(account, '/api/user/logout', { token });
    expect((await call(account, '/api/order/userorders', { token: otherDevice })).status).toBe(401);
    const again = await call(account, '/api/user/login', {
      body: { email, password: 'correct horse battery' },
    });
    expect(
      (
        await call(account, '/api/order/userorders', {
          token: again.body.token as string,
        })
      ).status,
    ).toBe(200);
  });

  it('refuses a call without a token (401) and a GET (405)', async () => {
    const anonymous = await call(account, '/api/user/logout');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ success: false, message: 'Please log in to continue.' });
    expect((await call(account, '/api/user/logout', { method: 'GET' })).status).toBe(405);
  });

  it('is served by npm start at its path', () => {
    expect(endpointFor('/api/user/logout')).toMatchObject({ method: 'POST', auth: true });
  });
});
