import { describe, expect, it } from 'vitest';
import { errorCountMessage } from '../../src/islands/checkout/form-focus.ts';

describe('errorCountMessage', () => {
  it('announces the number of errors, singular for one', () => {
    expect(errorCountMessage(1)).toBe('Please correct 1 error in the form.');
    expect(errorCountMessage(9)).toBe('Please correct 9 errors in the form.');
  });
});
