// The settings form's rules (fields from the answer, the save body of only the changed keys), the
// export's default period in Karachi days, and the filename of a file answer.
import { describe, expect, it } from 'vitest';
import {
  changedKeys,
  defaultExportPeriod,
  keepTyped,
  settingsFields,
  settingsSave,
} from '../../src/lib/desk-ops-view.ts';
import { filenameOf } from '../../src/lib/desk-file.ts';

const settings = {
  whatsappNumber: '923001234567',
  supportEmail: 'help@bastaa.pk',
  ordersEmail: 'orders@bastaa.pk',
  bankDetails: null,
  supportHours: { open: 'Mon to Sat, 10:00 to 18:00', closed: 'Sunday' },
  deliveryDays: { pakistan: { from: 2, to: 7 }, abroad: { from: 7, to: 14 } },
  codConfirmation: { rule: 'off' as const, hours: 48 },
};

describe('settingsFields', () => {
  it('writes the WhatsApp number with its + and leaves unset bank details empty', () => {
    expect(settingsFields(settings)).toEqual({
      whatsappNumber: '+923001234567',
      supportEmail: 'help@bastaa.pk',
      ordersEmail: 'orders@bastaa.pk',
      accountTitle: '',
      bank: '',
      iban: '',
      accountNumber: '',
      swift: '',
      bankAddress: '',
      hoursOpen: 'Mon to Sat, 10:00 to 18:00',
      hoursClosed: 'Sunday',
      pakistanFrom: '2',
      pakistanTo: '7',
      abroadFrom: '7',
      abroadTo: '14',
      codRule: 'off',
      codAbove: '',
      codHours: '48',
    });
  });
});

describe('keepTyped', () => {
  const before = settingsFields(settings);
  const answered = settingsFields({
    ...settings,
    supportEmail: 'care@bastaa.pk',
    supportHours: { open: 'Every day, 09:00 to 21:00', closed: 'Never' },
  });

  it("keeps each field typed since the answer before, and takes the new answer's value for every other", () => {
    const typed = { ...before, hoursOpen: 'Mon to Fri, 09:00 to 17:00', codHours: '24' };
    expect(keepTyped(before, typed, answered)).toEqual({
      ...answered,
      hoursOpen: 'Mon to Fri, 09:00 to 17:00',
      codHours: '24',
    });
  });

  it('takes the new answer whole when nothing was typed, or there was no answer or form before', () => {
    expect(keepTyped(before, before, answered)).toEqual(answered);
    expect(keepTyped(null, { ...before, hoursOpen: 'typed' }, answered)).toEqual(answered);
    expect(keepTyped(before, null, answered)).toEqual(answered);
  });

  it('keeps a field typed back to empty', () => {
    expect(keepTyped(before, { ...before, supportEmail: '' }, answered).supportEmail).toBe('');
  });
});

describe('settingsSave', () => {
  const before = settingsFields(settings);

  it('sends the COD confirmation with its amount only when the rule is "above"', () => {
    expect(settingsSave(before, { ...before, codRule: 'above', codAbove: '5000' })).toEqual({
      codConfirmation: { rule: 'above', abovePkr: 5000, hours: 48 },
    });
    expect(settingsSave(before, { ...before, codRule: 'all', codAbove: '5000' })).toEqual({
      codConfirmation: { rule: 'all', hours: 48 },
    });
    expect(settingsSave(before, { ...before, codHours: 'two days' })).toEqual({
      codConfirmation: { rule: 'off', hours: 'two days' },
    });
  });

  it('is null when no field changed', () => {
    expect(settingsSave(before, { ...before })).toBeNull();
  });

  it('holds only the changed setting, whole: one hours field changed sends both hours', () => {
    expect(settingsSave(before, { ...before, hoursClosed: 'Sunday and Friday' })).toEqual({
      supportHours: { open: 'Mon to Sat, 10:00 to 18:00', closed: 'Sunday and Friday' },
    });
  });

  it('sends the bank details without an account number, SWIFT/BIC or bank address when those fields are blank', () => {
    const now = {
      ...before,
      accountTitle: 'Bastaa',
      bank: 'HBL',
      iban: 'PK36SCBL0000001123456702',
    };
    expect(changedKeys(before, now)).toEqual(['bankDetails']);
    expect(settingsSave(before, now)).toEqual({
      bankDetails: { accountTitle: 'Bastaa', bank: 'HBL', iban: 'PK36SCBL0000001123456702' },
    });
    expect(settingsSave(before, { ...now, accountNumber: '0123 4567 89' })).toEqual({
      bankDetails: {
        accountTitle: 'Bastaa',
        bank: 'HBL',
        iban: 'PK36SCBL0000001123456702',
        accountNumber: '0123 4567 89',
      },
    });
    expect(
      settingsSave(before, { ...now, swift: 'HABBPKKA', bankAddress: 'Habib Bank Plaza, Karachi' }),
    ).toEqual({
      bankDetails: {
        accountTitle: 'Bastaa',
        bank: 'HBL',
        iban: 'PK36SCBL0000001123456702',
        swift: 'HABBPKKA',
        bankAddress: 'Habib Bank Plaza, Karachi',
      },
    });
  });

  it('sends the delivery estimates whole, typed digits as numbers and anything else as typed', () => {
    expect(settingsSave(before, { ...before, abroadTo: '21' })).toEqual({
      deliveryDays: { pakistan: { from: 2, to: 7 }, abroad: { from: 7, to: 21 } },
    });
    expect(settingsSave(before, { ...before, pakistanFrom: 'two' })).toEqual({
      deliveryDays: { pakistan: { from: 'two', to: 7 }, abroad: { from: 7, to: 14 } },
    });
  });

  it('sends emptied fields as they are, for the server to refuse in its own words', () => {
    expect(
      settingsSave(before, { ...before, ordersEmail: '', whatsappNumber: '0300 1234567' }),
    ).toEqual({
      whatsappNumber: '0300 1234567',
      ordersEmail: '',
    });
  });
});

describe('defaultExportPeriod', () => {
  it('is the last 30 Karachi days, today counted: 20:00 UTC is already the next day in Karachi', () => {
    expect(defaultExportPeriod(Date.parse('2026-03-31T20:00:00Z'))).toEqual({
      from: '2026-03-03',
      to: '2026-04-01',
    });
  });
});

describe('filenameOf', () => {
  it('reads the quoted filename and keeps no path in it', () => {
    expect(filenameOf('attachment; filename="orders-2026-03-01-to-2026-03-31.csv"', 'x.csv')).toBe(
      'orders-2026-03-01-to-2026-03-31.csv',
    );
    expect(filenameOf('attachment; filename="../../etc/passwd"', 'x.csv')).toBe('....etcpasswd');
    expect(filenameOf(null, 'x.csv')).toBe('x.csv');
    expect(filenameOf('attachment', 'x.csv')).toBe('x.csv');
  });
});
