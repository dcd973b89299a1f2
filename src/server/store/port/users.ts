// Shopper accounts: the stored record and the repository that keeps it.

/** A stored account. E-mail is kept lower-cased and unique. */
export interface UserRecord {
  id: string;
  email: string;
  name: string;
  /** scrypt hash, or null for accounts created by Google sign-in only. */
  passwordHash: string | null;
  googleSub: string | null;
  /** Bumped on password reset so older tokens stop working. */
  tokenVersion: number;
  createdAt: string;
  /**
   * True once the owner proved the mailbox: a Google sign-in, or a password set with an e-mailed
   * code. A password chosen at registration is unproven (absent or false), so a Google sign-in drops it.
   */
  emailVerified?: boolean;
}

/** Accounts. */
export interface UserRepository {
  findByEmail(email: string): Promise<UserRecord | null>;
  findById(id: string): Promise<UserRecord | null>;
  /** Creates a user; returns null when the e-mail is already taken. */
  create(user: UserRecord): Promise<UserRecord | null>;
  /**
   * Replaces the password hash and bumps the token version atomically; with `emailVerified`, that
   * flag is set in the same write (a password set with an e-mailed code proves the mailbox).
   */
  setPassword(
    id: string,
    passwordHash: string,
    opts?: { emailVerified?: boolean },
  ): Promise<UserRecord | null>;
  /**
   * Links a Google subject to an existing account, marks its e-mail verified and bumps the token
   * version in one atomic write, so every token issued before the link stops working. With
   * `dropPassword`, the password hash is cleared in the same write (a password set by someone who
   * never proved the mailbox).
   */
  linkGoogle(
    id: string,
    googleSub: string,
    opts?: { dropPassword?: boolean },
  ): Promise<UserRecord | null>;
  /** Bumps the token version atomically (sign-out everywhere); returns the updated user or null. */
  bumpTokenVersion(id: string): Promise<UserRecord | null>;
}
