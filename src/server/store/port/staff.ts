// Desk staff: members, their roles, and the conditional updates that keep an owner.

/** A staff member's role: the owner may do everything; staff handle orders. */
export type StaffRole = 'owner' | 'staff';
/** Invited (link mailed, not yet enrolled), active, or removed (kept for the audit log). */
export type StaffStatus = 'invited' | 'active' | 'removed';

/** A member of the shop's staff (the desk). E-mail is kept lower-cased and unique. */
export interface StaffRecord {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  status: StaffStatus;
  /** scrypt hash; null until the invitation is accepted. */
  passwordHash: string | null;
  /** The authenticator secret, sealed (src/server/accounts/auth/totp.ts); never leaves the server. */
  totpSecret: string | null;
  /** The last TOTP step used: a code of this step or an earlier one is refused (no replay). */
  totpLastStep: number;
  /** Bumped at sign-out, removal and role change so older desk tokens stop working. */
  sessionVersion: number;
  /** SHA-256 of the invitation link's token, and when it expires (ms); null once used. */
  inviteHash: string | null;
  inviteExpiresAt: number | null;
  /** Who invited them (staff id), or null for the first owner added from the CLI. */
  invitedBy: string | null;
  /**
   * The owner let this member see customers' personal data: the orders export and the customer
   * look-up. Owners always may; absent on records made before the grant existed (not granted).
   */
  personalData?: boolean;
  /**
   * The owner let this member send refunds (to a card, or record one sent another way). Owners
   * always may; absent on records made before the grant existed (not granted).
   */
  refunds?: boolean;
  /** The owner let this member see sales figures (the business view, the export); absent: not. */
  sales?: boolean;
  /** The owner let this member publish the catalogue; absent: not granted. */
  publish?: boolean;
  createdAt: string;
}

/** What a conditional staff update changes: fields to set, and whether to bump the session version. */
export interface StaffChange {
  set?: Partial<Omit<StaffRecord, 'id' | 'email' | 'createdAt' | 'sessionVersion'>>;
  bumpSession?: boolean;
}

/** The condition a staff update needs besides the id; all given parts must hold. */
export interface StaffCondition {
  status?: readonly StaffStatus[];
  inviteHash?: string;
  role?: StaffRole;
  /** The stored totpLastStep must be below this (a TOTP step is claimed once). */
  totpLastStepBelow?: number;
  /**
   * Some active owner other than this member must exist at the moment of the write, so two owners
   * removing or demoting each other at once can never leave the shop without one.
   */
  anotherActiveOwner?: boolean;
}

/** Staff members of the desk. */
export interface StaffRepository {
  /** Creates a member; null when the e-mail is already taken (any status). */
  create(staff: StaffRecord): Promise<StaffRecord | null>;
  findById(id: string): Promise<StaffRecord | null>;
  findByEmail(email: string): Promise<StaffRecord | null>;
  /** The member whose live or expired invitation has this token hash. */
  findByInvite(inviteHash: string): Promise<StaffRecord | null>;
  /** Every member, oldest first. */
  list(): Promise<StaffRecord[]>;
  /**
   * Applies `change` to the member in one atomic write when `when` holds; returns the updated
   * member, or null when it does not exist or the condition failed (nothing changed).
   */
  update(id: string, change: StaffChange, when?: StaffCondition): Promise<StaffRecord | null>;
}
