// Password-reset codes on SQLite, one row per e-mail; expired rows are purged on each new code.
import type { OtpRecord, OtpRepository } from '../port.ts';
import { parse, type Row, type SqliteContext } from './db.ts';

/** The one-time-password repository over `db`. */
export function sqliteOtps({ db, tx }: SqliteContext): OtpRepository {
  const q = {
    otpGet: db.prepare('SELECT doc FROM otps WHERE email = ?'),
    otpPut: db.prepare(
      'INSERT INTO otps (email, doc, expires_at) VALUES (?, ?, ?) ON CONFLICT(email) DO UPDATE SET doc = excluded.doc, expires_at = excluded.expires_at',
    ),
    otpDelete: db.prepare('DELETE FROM otps WHERE email = ?'),
    otpPurge: db.prepare('DELETE FROM otps WHERE expires_at < ?'),
  };
  return {
    async put(otp) {
      q.otpPurge.run(Date.now());
      q.otpPut.run(otp.email, JSON.stringify(otp), otp.expiresAt);
    },
    async get(email) {
      return parse<OtpRecord>(q.otpGet.get(email) as Row | undefined);
    },
    async spendAttempt(email, max, now = Date.now()) {
      return tx(() => {
        const otp = parse<OtpRecord>(q.otpGet.get(email) as Row | undefined);
        if (!otp || otp.expiresAt <= now || otp.attempts >= max) return null;
        const next = { ...otp, attempts: otp.attempts + 1 };
        q.otpPut.run(email, JSON.stringify(next), next.expiresAt);
        return next;
      });
    },
    async delete(email) {
      return Number(q.otpDelete.run(email).changes) === 1;
    },
  };
}
