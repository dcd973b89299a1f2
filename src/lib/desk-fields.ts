// The desk's small forms (sign-in, a payment, a cancellation), field by field: what each refuses
// before anything is sent, and which field a server's refusal belongs to, so every refused field is
// marked invalid and described beside itself rather than by the browser's bubbles.
import { DESK_ANSWERS } from './desk-messages.ts';

/** Each refused field's problem, by the field's name. */
export type FieldProblems = Record<string, string>;

/** What the desk's forms say about a field they refuse before sending. */
export const FIELD_PROBLEMS = {
  emailEmpty: 'Enter the e-mail address you were invited with.',
  emailShape: 'Enter an e-mail address like name@example.com.',
  passwordEmpty: 'Enter your password.',
  codeShape: 'Enter the 6 digits your authenticator app shows.',
  amountEmpty: 'Enter the amount received.',
  amountNotPositive: 'Enter an amount above 0.',
  referenceEmpty: 'Enter the transaction ID of the transfer or wallet payment.',
  reasonEmpty: 'Write why the order is cancelled; the shopper is told.',
  tooLong: (max: number) => `At most ${max} characters fit.`,
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The sign-in form's problems before it is sent (the code may be typed with a space: 123 456). */
export function signInProblems(form: {
  email: string;
  password: string;
  code: string;
}): FieldProblems {
  const problems: FieldProblems = {};
  const email = form.email.trim();
  if (email === '') problems.email = FIELD_PROBLEMS.emailEmpty;
  else if (!EMAIL.test(email)) problems.email = FIELD_PROBLEMS.emailShape;
  if (form.password === '') problems.password = FIELD_PROBLEMS.passwordEmpty;
  if (!/^\d{6}$/.test(form.code.replace(/\s/g, ''))) problems.code = FIELD_PROBLEMS.codeShape;
  return problems;
}

/**
 * The fields a refused sign-in marks: the server never says which of the three was wrong (that
 * would tell a stranger which e-mail is a member's), so all three carry its words; a code throttle
 * or a wrong code names the code alone.
 */
export function signInRefusal(message: string): FieldProblems {
  if (message === DESK_ANSWERS.badSignIn)
    return { email: message, password: message, code: message };
  if (message === DESK_ANSWERS.badCode || /\bcodes?\b/i.test(message)) return { code: message };
  return {};
}

/** The payment form's problems before it is sent: an amount above 0, a reference when the method needs one. */
export function paymentProblems(
  form: { amount: string; reference: string },
  referenceNeeded: boolean,
): FieldProblems {
  const problems: FieldProblems = {};
  const amount = form.amount.trim();
  if (amount === '') problems.amount = FIELD_PROBLEMS.amountEmpty;
  else if (!(Number(amount) > 0)) problems.amount = FIELD_PROBLEMS.amountNotPositive;
  if (referenceNeeded && form.reference.trim() === '')
    problems.reference = FIELD_PROBLEMS.referenceEmpty;
  return problems;
}

/**
 * The field a server's refusal of a form belongs to: its problems by field when it sent them, else
 * the field its message is about (a message naming none belongs to the form, and marks no field).
 */
export function refusalProblems(
  message: string,
  problems: Readonly<Record<string, string>> | null,
  fields: readonly string[],
): FieldProblems {
  if (problems) {
    const own = Object.entries(problems).filter(([field]) => fields.includes(field));
    if (own.length > 0) return Object.fromEntries(own);
  }
  const about = fields.find((field) =>
    new RegExp(`\\b${field === 'trackingNumber' ? 'tracking number' : field}\\b`, 'i').test(
      message,
    ),
  );
  return about ? { [about]: message } : {};
}

/** The cancel form's problem with its reason: it is required (the shopper is told) and at most `max` characters. */
export function cancelReasonProblems(reason: string, max: number): FieldProblems {
  const text = reason.trim();
  if (text === '') return { reason: FIELD_PROBLEMS.reasonEmpty };
  if (text.length > max) return { reason: FIELD_PROBLEMS.tooLong(max) };
  return {};
}
