import { describe, expect, it } from 'vitest';
import {
  array,
  literal,
  number,
  object,
  optional,
  record,
  text,
} from '../../src/lib/stored-schema.ts';

describe('object', () => {
  const person = object({ name: text(/^\w+$/), age: optional(number('nonnegative')) });

  it('keeps the declared fields and drops the others', () => {
    expect(person.safeParse({ name: 'Zara', age: 30, role: 'admin' })).toEqual({
      success: true,
      data: { name: 'Zara', age: 30 },
    });
    expect(person.safeParse({ name: 'Zara' })).toEqual({ success: true, data: { name: 'Zara' } });
  });

  it('reads own properties only: an inherited field counts as missing', () => {
    const inherited = Object.create({ name: 'Zara' }) as object;
    expect(person.safeParse(inherited)).toEqual({ success: false });
  });

  it('refuses null, arrays, strings and a field of the wrong type', () => {
    for (const value of [null, [], 'Zara', { name: 5 }, { name: 'Zara', age: -1 }])
      expect(person.safeParse(value)).toEqual({ success: false });
  });
});

describe('record', () => {
  const rates = record(/^[A-Z]{3}$/, number('positive'));

  it('accepts matching keys and values into a new plain object', () => {
    const parsed = rates.safeParse({ USD: 0.0036 });
    expect(parsed).toEqual({ success: true, data: { USD: 0.0036 } });
  });

  it('refuses an own __proto__ key, a key outside the pattern, or one bad value', () => {
    expect(rates.safeParse(JSON.parse('{"__proto__":1}'))).toEqual({ success: false });
    expect(rates.safeParse({ constructor: 1 })).toEqual({ success: false });
    expect(rates.safeParse({ USD: 0 })).toEqual({ success: false });
    expect(rates.safeParse({ USD: Number.POSITIVE_INFINITY })).toEqual({ success: false });
  });
});

describe('array, text and literal', () => {
  it('refuses a list longer than its maximum or with one bad item', () => {
    const ids = array(text(/^[a-z-]+$/), 2);
    expect(ids.safeParse(['a', 'b'])).toEqual({ success: true, data: ['a', 'b'] });
    expect(ids.safeParse(['a', 'b', 'c'])).toEqual({ success: false });
    expect(ids.safeParse(['a', 1])).toEqual({ success: false });
  });

  it('matches text by pattern and a literal exactly', () => {
    expect(text(/^[A-Z]{3}$/).safeParse('GBP')).toEqual({ success: true, data: 'GBP' });
    expect(text(/^[A-Z]{3}$/).safeParse('gbp')).toEqual({ success: false });
    expect(literal('true').safeParse('true')).toEqual({ success: true, data: 'true' });
    expect(literal('true').safeParse(true)).toEqual({ success: false });
  });
});
