// Desk members' passkeys (WebAuthn credentials), and the single-use challenges of their ceremonies.

/** A passkey a member added: the public half of a credential their device keeps. */
export interface PasskeyRecord {
  /** The credential id (base64url), unique across every member. */
  id: string;
  staffId: string;
  /** The name the member gave it ("Pixel 8"). */
  name: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  /** The signature counter last seen; an assertion must move it forward (0 stays 0 for synced passkeys). */
  counter: number;
  /** How the browser may reach the authenticator ('internal', 'hybrid', 'usb' …). */
  transports: string[];
  /** 'singleDevice' or 'multiDevice' (a synced passkey). */
  deviceType: string;
  backedUp: boolean;
  createdAt: string;
  lastUsedAt: string | null;
}

/** Passkeys of desk members. */
export interface PasskeyRepository {
  /** Adds a passkey; false (nothing written) when its credential id is already stored, for anyone. */
  create(passkey: PasskeyRecord): Promise<boolean>;
  findById(id: string): Promise<PasskeyRecord | null>;
  /** A member's passkeys, oldest first. */
  listByStaff(staffId: string): Promise<PasskeyRecord[]>;
  /**
   * Moves a passkey's counter from `from` to `to` and records its use, in one atomic step; false
   * when the stored counter is no longer `from` (another sign-in used it meanwhile): nothing changes.
   */
  useCounter(id: string, from: number, to: number, at: string): Promise<boolean>;
  /** Removes the member's passkey `id`; false when the member has no such passkey. */
  remove(id: string, staffId: string): Promise<boolean>;
  /** Removes every passkey of the member; how many went. */
  removeByStaff(staffId: string): Promise<number>;
}

/** What a WebAuthn challenge was issued for. */
export type ChallengePurpose = 'register' | 'signin' | 'proof';

/** A challenge the server issued and waits to see signed, once. */
export interface ChallengeRecord {
  /** The challenge itself (base64url). */
  id: string;
  purpose: ChallengePurpose;
  /**
   * The member adding a passkey, or proving it is them with one they have (`proof`); null for a
   * sign-in (the passkey names the member).
   */
  staffId: string | null;
  /** When it stops being accepted (ms). */
  expiresAt: number;
}

/** Challenges of passkey ceremonies: short-lived and single-use. */
export interface ChallengeRepository {
  /** Keeps a new challenge (and may purge expired ones). */
  put(challenge: ChallengeRecord): Promise<void>;
  /**
   * Removes and answers the challenge `id` in one atomic step, expired or not (the caller checks
   * expiry and purpose); null when absent, so of two callers with the same challenge only one gets it.
   */
  take(id: string): Promise<ChallengeRecord | null>;
}
