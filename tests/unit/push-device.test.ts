// This browser's side of push alerts where the browser has the push API but cannot use it (a
// private window, a browser without a push service): the member is told so in the desk's words,
// never the browser's own error.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PushRefused, subscribeDevice } from '../../src/client/push-device.ts';

/** A browser whose push manager refuses to subscribe with `error`, as a private window's does. */
function browserRefusingPush(error: Error) {
  const registration = {
    pushManager: {
      getSubscription: async () => null,
      subscribe: async () => {
        throw error;
      },
    },
  };
  vi.stubGlobal('window', { PushManager: class {}, Notification: class {} });
  vi.stubGlobal('Notification', {
    requestPermission: async () => 'granted',
    permission: 'granted',
  });
  vi.stubGlobal('navigator', {
    serviceWorker: {
      getRegistration: async () => registration,
      register: async () => registration,
      ready: Promise.resolve(registration),
    },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('subscribeDevice', () => {
  for (const [where, error] of [
    [
      'a private window (no push service)',
      new DOMException('Registration failed - push service not available', 'AbortError'),
    ],
    ['a browser that refuses the subscription', new DOMException('', 'NotAllowedError')],
  ] as const)
    it(`says in the desk's words that push cannot work here in ${where}`, async () => {
      browserRefusingPush(error);
      const refusal = subscribeDevice(`B${'A'.repeat(86)}`);
      await expect(refusal).rejects.toBeInstanceOf(PushRefused);
      await expect(refusal).rejects.toThrow(
        'Push alerts cannot work in this window: a private or incognito window, or a browser without a push service, cannot get them. Open the desk in a normal window of Chrome, Edge, Firefox or Safari; alerts by e-mail go on meanwhile.',
      );
    });
});
