// The desk's small forms, field by field: what each refuses before sending, and which field a
// server's refusal is about, so every refused field is marked invalid and described.
import { describe, expect, it } from 'vitest';
import {
  FIELD_PROBLEMS,
  cancelReasonProblems,
  paymentProblems,
  refusalProblems,
  signInProblems,
  signInRefusal,
} from '../../src/lib/desk-fields.ts';
import { DESK_ANSWERS } from '../../src/lib/desk-messages.ts';
import { PAYMENT_MESSAGES } from '../../src/lib/contract/payments.ts';

describe('signInProblems', () => {
  it('names each empty or malformed field', () => {
    expect(signInProblems({ email: '', password: '', code: '12' })).toEqual({
      email: FIELD_PROBLEMS.emailEmpty,
      password: FIELD_PROBLEMS.passwordEmpty,
      code: FIELD_PROBLEMS.codeShape,
    });
    expect(signInProblems({ email: 'owner@', password: 'x', code: '123456' })).toEqual({
      email: FIELD_PROBLEMS.emailShape,
    });
  });

  it('accepts a code typed with a space, as the app shows it', () => {
    expect(signInProblems({ email: 'a@b.pk', password: 'x', code: '123 456' })).toEqual({});
  });
});

describe('signInRefusal', () => {
  it('marks all three fields with a wrong sign-in: the server never says which was wrong', () => {
    const m = DESK_ANSWERS.badSignIn;
    expect(signInRefusal(m)).toEqual({ email: m, password: m, code: m });
  });

  it('marks the code alone when the codes are throttled', () => {
    const m = DESK_ANSWERS.slowCodes(30);
    expect(signInRefusal(m)).toEqual({ code: m });
  });
});

describe('paymentProblems', () => {
  it('refuses an empty or non-positive amount and a missing reference the method needs', () => {
    expect(paymentProblems({ amount: '', reference: '' }, true)).toEqual({
      amount: FIELD_PROBLEMS.amountEmpty,
      reference: FIELD_PROBLEMS.referenceEmpty,
    });
    expect(paymentProblems({ amount: '-5', reference: '' }, false)).toEqual({
      amount: FIELD_PROBLEMS.amountNotPositive,
    });
    expect(paymentProblems({ amount: '3450', reference: '' }, false)).toEqual({});
  });
});

describe('refusalProblems', () => {
  it("puts the server's problems by field beside their fields", () => {
    expect(refusalProblems('2 fields', { amount: 'too big', other: 'x' }, ['amount'])).toEqual({
      amount: 'too big',
    });
  });

  it('puts a message about a field beside it, and one about none beside no field', () => {
    const more = PAYMENT_MESSAGES.moreThanDue('₨3,450');
    expect(refusalProblems(more, null, ['amount', 'reference'])).toEqual({ amount: more });
    const ref = PAYMENT_MESSAGES.referenceRequired('JazzCash');
    expect(refusalProblems(ref, null, ['amount', 'reference'])).toEqual({ reference: ref });
    expect(refusalProblems(PAYMENT_MESSAGES.alreadyPaid, null, ['amount', 'reference'])).toEqual(
      {},
    );
  });
});

describe('cancelReasonProblems', () => {
  it('requires a reason of at most the length the server keeps', () => {
    expect(cancelReasonProblems('  ', 200)).toEqual({ reason: FIELD_PROBLEMS.reasonEmpty });
    expect(cancelReasonProblems('x'.repeat(201), 200)).toEqual({
      reason: FIELD_PROBLEMS.tooLong(200),
    });
    expect(cancelReasonProblems('Shopper asked', 200)).toEqual({});
  });
});
