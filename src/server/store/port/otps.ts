// One-time codes for password reset.

/** A one-time password awaiting use; only its hash is kept. */
export interface OtpRecord {
  email: string;
  codeHash: string;
  expiresAt: number;
  attempts: number;
  /** Optional service data kept with the code (adapters store and return it unchanged). */
  issuedAt?: number;
  nonce?: string;
}

/** One-time passwords for password reset, one live code per e-mail. */
export interface OtpRepository {
  put(otp: OtpRecord): Promise<void>;
  get(email: string): Promise<OtpRecord | null>;
  /**
   * Uses up one attempt of a live code in one atomic step: when the code exists, has not expired
   * at `now` and has fewer than `max` attempts, its count goes up by one and the record (after the
   * increment) is returned; otherwise null and nothing changes. A caller compares the submitted
   * code only after this succeeded, so parallel guesses can never exceed `max`.
   */
  spendAttempt(email: string, max: number, now?: number): Promise<OtpRecord | null>;
  /** Removes the code; true when this call removed it (so a code is consumed once). */
  delete(email: string): Promise<boolean>;
}
