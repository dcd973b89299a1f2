// Desk passwords guard orders, customers and payments, so they are held to an owner's strength:
// not the member's e-mail or its name part, not the shop's name, not one character repeated or a
// simple sequence, and a zxcvbn score of at least 3 ("safely unguessable" against an online
// attack slowed as the desk's sign-in is). Each refusal names its rule, which the invitation form
// shows. Server only: zxcvbn and its dictionaries (about 1.5 MB) never reach a browser.
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { DESK_PASSWORD_RULES } from '../../../lib/messages.ts';
import { SHOP } from '../../../lib/shop-info.ts';
import { invalid } from '../../errors.ts';
import { isCommonPassword } from './common-passwords.ts';

/** The zxcvbn score (0 to 4) a desk password needs at least. */
export const MIN_DESK_PASSWORD_SCORE = 3;

let zxcvbn: ZxcvbnFactory | null = null;

/** Letters and digits only, lower case: "B.a-s t!a A" and "bastaa" are one word. */
const plain = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/** Whether every character steps by the same +1 or −1 from the one before (abcdef, 987654, 13579 is not). */
function isSequence(text: string): boolean {
  const codes = [...text].map((c) => c.codePointAt(0)!);
  const step = codes[1]! - codes[0]!;
  return (
    (step === 1 || step === -1) && codes.every((c, i) => i === 0 || c - codes[i - 1]! === step)
  );
}

/** Keyboard rows read left to right or back: qwertyuiop, asdfghjkl, zxcvbnm, 1234567890. */
const ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm', '1234567890'];
const isKeyboardRun = (text: string) =>
  text.length >= 4 &&
  ROWS.some((row) => row.includes(text) || [...row].reverse().join('').includes(text));

/**
 * Why `password` may not guard the desk account of `email`, or null when it may. Checked in this
 * order, so the message names the plainest rule broken.
 */
export function deskPasswordProblem(password: string, email: string): string | null {
  const text = plain(password);
  const [local = ''] = email.toLowerCase().split('@');
  const name = plain(local);
  if (isCommonPassword(password)) return DESK_PASSWORD_RULES.common;
  if (text.includes(plain(email)) || (name.length >= 3 && text.includes(name)))
    return DESK_PASSWORD_RULES.email;
  if (text.includes(plain(SHOP.name))) return DESK_PASSWORD_RULES.shopName(SHOP.name);
  if (/^(.)\1*$/su.test(password)) return DESK_PASSWORD_RULES.repeated;
  if (text.length > 0 && (isSequence(text) || isKeyboardRun(text)))
    return DESK_PASSWORD_RULES.sequence;
  zxcvbn ??= new ZxcvbnFactory({
    dictionary: { ...dictionary },
    graphs: adjacencyGraphs,
  });
  const { score } = zxcvbn.check(password, [email, local, SHOP.name]);
  if (score < MIN_DESK_PASSWORD_SCORE) return DESK_PASSWORD_RULES.guessable(score);
  return null;
}

/** Refuses a desk password that breaks a rule of deskPasswordProblem with a 400 naming the rule. */
export function refuseWeakDeskPassword(password: string, email: string): void {
  const problem = deskPasswordProblem(password, email);
  if (problem) throw invalid(problem);
}
