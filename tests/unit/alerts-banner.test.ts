// The orders list's "no push alerts here" banner is decided at the list's first draw from what is
// known at once, so it never arrives later and pushes the orders down under a finger.
import { describe, expect, it } from 'vitest';
import { alertsMissingAtFirstDraw } from '../../src/lib/alerts-banner.ts';

const ready = (devices: string[]) => ({ ready: true, devices });

describe('the alerts banner at the first draw', () => {
  it('is drawn at once for a member with no device with alerts anywhere, whatever this device last found', () => {
    for (const remembered of [null, '0', '1'])
      expect(alertsMissingAtFirstDraw({ supported: true, alerts: ready([]), remembered })).toBe(
        true,
      );
  });

  it('waits for the read on a device never read when the member has alerts on another device', () => {
    expect(
      alertsMissingAtFirstDraw({ supported: true, alerts: ready(['aGFzaA']), remembered: null }),
    ).toBe(false);
  });

  it('follows what this device last found when the member has alerts somewhere', () => {
    const alerts = ready(['aGFzaA']);
    expect(alertsMissingAtFirstDraw({ supported: true, alerts, remembered: '1' })).toBe(true);
    expect(alertsMissingAtFirstDraw({ supported: true, alerts, remembered: '0' })).toBe(false);
  });

  it('is never drawn where the browser cannot show push, push is not set up, or the session is not known', () => {
    expect(alertsMissingAtFirstDraw({ supported: false, alerts: ready([]), remembered: '1' })).toBe(
      false,
    );
    expect(
      alertsMissingAtFirstDraw({
        supported: true,
        alerts: { ready: false, devices: [] },
        remembered: '1',
      }),
    ).toBe(false);
    expect(alertsMissingAtFirstDraw({ supported: true, alerts: null, remembered: '1' })).toBe(
      false,
    );
  });
});
