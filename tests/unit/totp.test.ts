import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hotp,
  matchTotp,
  newTotpSecret,
  openTotpSecret,
  otpauthUri,
  sealTotpSecret,
  totpAt,
} from '../../src/server/accounts/auth/totp.ts';

// RFC 6238 appendix B: the seeds are ASCII "1234567890" repeated to the hash's length.
const SHA1_SEED = Buffer.from('12345678901234567890');
const SHA256_SEED = Buffer.from('12345678901234567890123456789012');
const SHA512_SEED = Buffer.from('1234567890123456789012345678901234567890123456789012345678901234');
const VECTORS: [number, string, string, string][] = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('TOTP (RFC 6238)', () => {
  it('gives the RFC 6238 test vectors for SHA-1, SHA-256 and SHA-512 at 8 digits', () => {
    for (const [seconds, sha1, sha256, sha512] of VECTORS) {
      expect(totpAt(SHA1_SEED, seconds * 1000, 8, 'sha1')).toBe(sha1);
      expect(totpAt(SHA256_SEED, seconds * 1000, 8, 'sha256')).toBe(sha256);
      expect(totpAt(SHA512_SEED, seconds * 1000, 8, 'sha512')).toBe(sha512);
    }
  });

  it('gives the RFC 4226 HOTP test vectors at 6 digits', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676'];
    expected.forEach((code, counter) => expect(hotp(SHA1_SEED, counter)).toBe(code));
  });

  it('accepts the code of the previous, current and next 30-second step, and no other', () => {
    const now = 1_700_000_000_000;
    for (const offset of [-30_000, 0, 30_000])
      expect(matchTotp(SHA1_SEED, totpAt(SHA1_SEED, now + offset), now, 0)).not.toBeNull();
    for (const offset of [-60_000, 60_000])
      expect(matchTotp(SHA1_SEED, totpAt(SHA1_SEED, now + offset), now, 0)).toBeNull();
  });

  it('refuses a code of a step at or before the last step used', () => {
    const now = 1_700_000_000_000;
    const code = totpAt(SHA1_SEED, now);
    const step = matchTotp(SHA1_SEED, code, now, 0)!;
    expect(matchTotp(SHA1_SEED, code, now, step)).toBeNull();
    expect(matchTotp(SHA1_SEED, totpAt(SHA1_SEED, now - 30_000), now, step)).toBeNull();
  });

  it('refuses anything that is not six digits', () => {
    for (const code of ['', '12345', '1234567', 'abcdef', ' 123456'])
      expect(matchTotp(SHA1_SEED, code, Date.now(), 0)).toBeNull();
  });

  it('round-trips base32 and makes 160-bit secrets', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('mzxw6ytboi======').toString()).toBe('foobar');
    expect(base32Decode(newTotpSecret())).toHaveLength(20);
  });

  it('seals a secret so that only the same key opens it', () => {
    const secret = newTotpSecret();
    const key = new TextEncoder().encode('k'.repeat(40));
    const sealed = sealTotpSecret(secret, key);
    expect(sealed).not.toContain(secret);
    expect(openTotpSecret(sealed, key)).toEqual(base32Decode(secret));
    expect(openTotpSecret(sealed, new TextEncoder().encode('x'.repeat(40)))).toBeNull();
  });

  it('names the issuer, account, digits and period in the otpauth URI', () => {
    expect(otpauthUri('MZXW6YTBOI', 'sana@bastaa.pk')).toBe(
      'otpauth://totp/Bastaa%20desk%3Asana%40bastaa.pk?secret=MZXW6YTBOI&issuer=Bastaa+desk&algorithm=SHA1&digits=6&period=30',
    );
  });
});
