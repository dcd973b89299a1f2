// The shop settings named in words, as the desk's and the CLI's messages say them.
import { describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES } from '../../src/lib/contract/settings.ts';
import { settingNames } from '../../src/lib/shop-settings.ts';

describe('settingNames', () => {
  it('names one setting', () => {
    expect(settingNames(['supportEmail'])).toBe('the support address');
  });

  it('joins two with "and"', () => {
    expect(settingNames(['ordersEmail', 'bankDetails'])).toBe(
      'the orders alert address and the bank details',
    );
  });

  it("lists three or more in the desk's order, whatever order they came in", () => {
    expect(settingNames(['bankDetails', 'whatsappNumber', 'ordersEmail'])).toBe(
      'the WhatsApp number, the orders alert address and the bank details',
    );
    expect(
      settingNames([
        'supportHours',
        'bankDetails',
        'ordersEmail',
        'supportEmail',
        'whatsappNumber',
      ]),
    ).toBe(
      'the WhatsApp number, the support address, the orders alert address, the bank details and the support hours',
    );
  });
});

describe('the settings saved message', () => {
  it('names what was saved in words, never by its key', () => {
    expect(SETTINGS_MESSAGES.saved(['whatsappNumber', 'ordersEmail', 'bankDetails'])).toBe(
      'Saved the WhatsApp number, the orders alert address and the bank details.',
    );
  });
});
