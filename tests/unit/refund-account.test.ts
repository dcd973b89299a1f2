// A cash-on-delivery return's refund account (src/lib/returns/refund-account.ts).
import { describe, expect, it } from 'vitest';
import {
  REFUND_ACCOUNT_MESSAGES,
  describeRefundAccount,
  parseRefundAccount,
} from '../../src/lib/returns/refund-account.ts';

describe('a refund account', () => {
  it('reads a Pakistani IBAN in any spacing and case, and checks its check digits', () => {
    expect(parseRefundAccount(' pk36 scbl 0000 0011 2345 6702 ')).toEqual({
      account: { kind: 'iban', value: 'PK36SCBL0000001123456702' },
    });
    expect(parseRefundAccount('PK37SCBL0000001123456702')).toEqual({
      error: 'IBAN check digits do not match: please check for a typo',
    });
  });

  it('reads a Pakistani mobile wallet number in its local or international form', () => {
    for (const typed of ['03001234567', '+92 300 1234567', '0300-1234567'])
      expect(parseRefundAccount(typed)).toEqual({
        account: { kind: 'wallet', value: '03001234567' },
      });
    expect(parseRefundAccount('02112345678')).toEqual({ error: REFUND_ACCOUNT_MESSAGES.badWallet });
  });

  it('asks for one when nothing is given', () => {
    expect(parseRefundAccount('  ')).toEqual({ error: REFUND_ACCOUNT_MESSAGES.required });
  });

  it('reads as people say it', () => {
    expect(describeRefundAccount({ kind: 'iban', value: 'PK36SCBL0000001123456702' })).toBe(
      'IBAN PK36 SCBL 0000 0011 2345 6702',
    );
    expect(describeRefundAccount({ kind: 'wallet', value: '03001234567' })).toBe(
      'mobile wallet 03001234567',
    );
  });
});
