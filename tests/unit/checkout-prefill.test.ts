import { describe, expect, it } from 'vitest';
import { emptyCheckout } from '../../src/lib/checkout.ts';
import { prefillValues, type PrefillSources } from '../../src/lib/checkout-prefill.ts';

const account = { name: 'Ayesha Noor Khan', email: 'ayesha@example.com' };
const lastAddress: NonNullable<PrefillSources['lastAddress']> = {
  firstName: 'Ayesha',
  lastName: 'Khan',
  address1: '12 Mall Road',
  address2: 'Flat 4',
  country: 'Pakistan',
  state: 'Punjab',
  city: 'Lahore',
  zip: '54000',
  mobile: '03001234567',
};
const empty = emptyCheckout('COD');
const none = new Set<string>();

describe('checkout prefill for a signed-in shopper', () => {
  it('fills name and e-mail from the account and the whole address and phone from the last order', () => {
    expect(prefillValues(empty, none, { account, settings: null, lastAddress })).toEqual([
      ['firstName', 'Ayesha'],
      ['lastName', 'Noor Khan'],
      ['email', 'ayesha@example.com'],
      ['address1', '12 Mall Road'],
      ['address2', 'Flat 4'],
      ['country', 'Pakistan'],
      ['state', 'Punjab'],
      ['city', 'Lahore'],
      ['zip', '54000'],
      ['mobile', '03001234567'],
    ]);
  });

  it('prefers the address and phone saved in My Setting over the last order', () => {
    const settings = { phone: '03111111111', address: '7 Canal View, Lahore' };
    expect(prefillValues(empty, none, { account, settings, lastAddress })).toEqual([
      ['firstName', 'Ayesha'],
      ['lastName', 'Noor Khan'],
      ['email', 'ayesha@example.com'],
      ['address1', '7 Canal View, Lahore'],
      ['mobile', '03111111111'],
    ]);
  });

  it("takes the last order's phone when the saved settings have none, and blank settings count as none", () => {
    const values = prefillValues(empty, none, {
      account,
      settings: { phone: ' ', address: '' },
      lastAddress,
    });
    expect(values).toContainEqual(['mobile', '03001234567']);
    expect(values).toContainEqual(['city', 'Lahore']);
  });

  it('never overwrites a field the shopper typed in, even one they emptied again', () => {
    const typedIn = { ...empty, firstName: 'Sana', mobile: '03009999999' };
    const values = prefillValues(typedIn, new Set(['email']), {
      account,
      settings: null,
      lastAddress,
    });
    expect(values.map(([name]) => name)).toEqual([
      'lastName',
      'address1',
      'address2',
      'country',
      'state',
      'city',
      'zip',
    ]);
  });

  it("leaves the last order's address out when the form ships to another country", () => {
    const abroad = { ...empty, country: 'United Kingdom' };
    expect(prefillValues(abroad, none, { account, settings: null, lastAddress })).toEqual([
      ['firstName', 'Ayesha'],
      ['lastName', 'Noor Khan'],
      ['email', 'ayesha@example.com'],
      ['mobile', '03001234567'],
    ]);
  });

  it("replaces a country the form only preset with the last order's, and fills its whole address", () => {
    const preset = { ...empty, country: 'Pakistan' };
    const abroad = {
      ...lastAddress,
      country: 'United Kingdom',
      state: 'England',
      city: 'Leeds',
      zip: 'LS1 4AP',
    };
    expect(
      prefillValues(preset, none, { account, settings: null, lastAddress: abroad }, true),
    ).toEqual([
      ['firstName', 'Ayesha'],
      ['lastName', 'Noor Khan'],
      ['email', 'ayesha@example.com'],
      ['address1', '12 Mall Road'],
      ['address2', 'Flat 4'],
      ['country', 'United Kingdom'],
      ['state', 'England'],
      ['city', 'Leeds'],
      ['zip', 'LS1 4AP'],
      ['mobile', '03001234567'],
    ]);
  });

  it('fills only the name and e-mail of a shopper with no settings and no order; a one-word name fills First Name', () => {
    expect(
      prefillValues(empty, none, {
        account: { name: 'Ayesha', email: 'a@example.com' },
        settings: null,
        lastAddress: null,
      }),
    ).toEqual([
      ['firstName', 'Ayesha'],
      ['email', 'a@example.com'],
    ]);
  });
});
