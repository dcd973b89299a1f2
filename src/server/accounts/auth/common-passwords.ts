import { dictionary } from '@zxcvbn-ts/language-common';
import { ACCOUNT_ANSWERS } from '../../../lib/messages.ts';
import { invalid } from '../../errors.ts';

let common: Set<string> | null = null;

/**
 * True for a password on zxcvbn-ts's list of the most used ones (~49,000, lower case), ignoring
 * letter case: "Password1" is as guessable as "password1". The list is loaded on first use.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(password.normalize('NFKC').toLowerCase());
}

/** Refuses a new password from the list of common ones with a 400 (before anything is counted or stored). */
export function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) throw invalid(ACCOUNT_ANSWERS.commonPassword);
}
