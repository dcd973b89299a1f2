import { dictionary } from '@zxcvbn-ts/language-common';

let common: Set<string> | null = null;

/**
 * True for a password on zxcvbn-ts's list of the most used ones (~49,000, lower case), ignoring
 * letter case: "Password1" is as guessable as "password1". The list is loaded on first use.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(password.normalize('NFKC').toLowerCase());
}
