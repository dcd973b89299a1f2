// Which field of an account form a server message is about, so the form can tie the message to
// that field (aria-invalid, aria-describedby). The server names the field in its words ("Password
// must be at least 8 characters", "The code is invalid…"); a message naming several fields or none
// ("Invalid email or password.", "Too many login attempts…") concerns the whole form.

/** How each account field is named in the server's messages. */
export const FIELD_WORDS = {
  name: /\bname\b/i,
  email: /\be-?mail\b/i,
  password: /\bpassword\b/i,
  newPassword: /\bpassword\b/i,
  otp: /\b(otp|code)\b/i,
} as const;

/** An account form field. */
export type AccountField = keyof typeof FIELD_WORDS;

/** The one field of `fields` the message names, or null when it names none or several. */
export function fieldOfMessage(
  message: string,
  fields: readonly AccountField[],
): AccountField | null {
  const named = fields.filter((field) => FIELD_WORDS[field].test(message));
  return named.length === 1 ? named[0]! : null;
}
