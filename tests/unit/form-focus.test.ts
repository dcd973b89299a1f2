import { describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES } from '../../src/lib/messages.ts';

describe('the checkout error count announcement', () => {
  it('announces the number of errors, singular for one', () => {
    expect(CHECKOUT_MESSAGES.errorCount(1)).toBe('Please correct 1 error in the form.');
    expect(CHECKOUT_MESSAGES.errorCount(9)).toBe('Please correct 9 errors in the form.');
  });
});
