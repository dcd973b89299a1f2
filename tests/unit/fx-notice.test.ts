import { describe, expect, it } from 'vitest';
import { fxNotice } from '../../src/lib/fx-notice.ts';

describe('fxNotice', () => {
  it('says prices stay in PKR when the chosen currency has no rate', () => {
    expect(fxNotice({ code: 'PKR', wanted: 'EUR' })).toBe(
      'Prices are shown in PKR: the exchange rate for EUR is not available right now.',
    );
  });

  it('says prices are approximate, with the old rate’s date, when the rate in use is old', () => {
    expect(fxNotice({ code: 'USD', since: Date.UTC(2026, 2, 5, 12) })).toBe(
      'Prices in USD are approximate: converted at the exchange rate of 5 Mar 2026.',
    );
  });

  it('says nothing for a fresh rate, for PKR chosen on purpose, or with nothing stored', () => {
    expect(fxNotice({ code: 'USD' })).toBe('');
    expect(fxNotice({ code: 'PKR', since: Date.UTC(2026, 2, 5) })).toBe('');
    expect(fxNotice(null)).toBe('');
  });
});
