import { describe, expect, it } from 'vitest';
import { defaultSettings, editSettings, toSettings } from '../../src/lib/user-settings.ts';

const session = { name: 'Ayesha Khan', email: 'ayesha@example.com' };

describe('defaultSettings', () => {
  it('takes name and e-mail from the session and leaves the rest empty', () => {
    expect(defaultSettings(session)).toEqual({
      name: 'Ayesha Khan',
      email: 'ayesha@example.com',
      gender: 'Prefer not to say',
      dob: '',
      phone: '',
      address: '',
    });
  });
});

describe('toSettings', () => {
  it('gives the defaults when nothing was stored', () => {
    expect(toSettings(null, session)).toEqual(defaultSettings(session));
    expect(toSettings('garbage', session)).toEqual(defaultSettings(session));
  });
  it('keeps stored values', () => {
    const stored = {
      ...defaultSettings(session),
      gender: 'Female',
      dob: '04/23',
      phone: '+92 300 1234567',
      address: '12 Mall Road\nLahore',
    };
    expect(toSettings(stored, session)).toEqual(stored);
  });
  it('keeps a dob that is not MM/DD, since none is enforced', () => {
    expect(toSettings({ dob: 'spring' }, session).dob).toBe('spring');
  });
  it('falls back to the default gender for an unknown one', () => {
    expect(toSettings({ gender: 'Robot' }, session).gender).toBe('Prefer not to say');
  });
  it('drops fields that are not text', () => {
    const s = toSettings({ phone: 123, address: { street: 'x' } }, session);
    expect(s.phone).toBe('');
    expect(s.address).toBe('');
  });
  it('always shows the session e-mail, and the session name when none was stored', () => {
    const s = toSettings({ email: 'other@example.com', name: '  ' }, session);
    expect(s.email).toBe('ayesha@example.com');
    expect(s.name).toBe('Ayesha Khan');
  });
});

describe('editSettings', () => {
  const base = defaultSettings(session);
  it('changes an editable field and leaves the original untouched', () => {
    const next = editSettings(base, 'phone', '0300 1234567');
    expect(next.phone).toBe('0300 1234567');
    expect(base.phone).toBe('');
  });
  it('accepts only the offered genders', () => {
    expect(editSettings(base, 'gender', 'Male').gender).toBe('Male');
    expect(editSettings(base, 'gender', 'Unknown').gender).toBe('Prefer not to say');
  });
});
