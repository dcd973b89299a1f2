// Pakistani mobile numbers, as shoppers and staff type them: 0300 1234567, +92 300 1234567,
// 92-300-1234567. One rule for the shop's WhatsApp number and a shopper's JazzCash or EasyPaisa
// wallet, so both read and compare the same way.

/** A Pakistani mobile number once spaces and hyphens are gone: 03xxxxxxxxx or +923xxxxxxxxx. */
const PK_MOBILE = /^(?:0|\+92|92)(3\d{9})$/;

/** The number's 10 national digits after the 0 (3001234567), or null when it is not a Pakistani mobile. */
function nationalDigits(text: string): string | null {
  const match = PK_MOBILE.exec(text.replace(/[\s-]/g, ''));
  return match ? match[1]! : null;
}

/** Whether `text` is a Pakistani mobile number (03xxxxxxxxx or +923xxxxxxxxx, spaces and hyphens allowed). */
export function isPakistaniMobile(text: string): boolean {
  return nationalDigits(text) !== null;
}

/** A Pakistani mobile number in its local form, 03001234567; null when it is not one. */
export function localMobile(text: string): string | null {
  const digits = nationalDigits(text);
  return digits ? `0${digits}` : null;
}

/** A Pakistani mobile number as messaging links want it, 923001234567; null when it is not one. */
export function internationalMobile(text: string): string | null {
  const digits = nationalDigits(text);
  return digits ? `92${digits}` : null;
}

/** A Pakistani mobile number for people to read, +92 300 1234567; null when it is not one. */
export function displayMobile(text: string): string | null {
  const digits = nationalDigits(text);
  return digits ? `+92 ${digits.slice(0, 3)} ${digits.slice(3)}` : null;
}
