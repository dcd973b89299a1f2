// Pakistani IBANs (ISO 13616): PK, two check digits, a four-letter bank code and sixteen account
// characters, 24 in all. The check digits are verified (mod 97), so a mistyped digit is caught
// before the shop mails a wrong account to every bank-transfer shopper.

/** PK, 2 check digits, 4-letter bank code, 16 digits or letters. */
const PK_IBAN = /^PK\d{2}[A-Z]{4}[A-Z0-9]{16}$/;

/** An IBAN as typed, without spaces or hyphens and in capitals. */
export function compactIban(text: string): string {
  return text.replace(/[\s-]/g, '').toUpperCase();
}

/** Whether the IBAN's check digits hold (ISO 13616 mod 97 = 1). */
export function ibanChecksumHolds(iban: string): boolean {
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const value = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const digit of value) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest === 1;
}

/** Why `text` is not a Pakistani IBAN, or null when it is one (compact it first). */
export function pakistaniIbanProblem(iban: string): string | null {
  if (!iban.startsWith('PK')) return 'IBAN must start with PK';
  if (iban.length !== 24) return 'IBAN must be PK followed by 22 letters and digits';
  if (!PK_IBAN.test(iban))
    return 'IBAN must be PK, 2 check digits, a 4-letter bank code and 16 digits or letters';
  if (!ibanChecksumHolds(iban)) return 'IBAN check digits do not match: please check for a typo';
  return null;
}

/** An IBAN in groups of four for people to read: PK36 SCBL 0000 0011 2345 6702. */
export function displayIban(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, '$1 ');
}
