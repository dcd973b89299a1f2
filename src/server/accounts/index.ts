// The accounts context's entry: the one module other contexts, routes.ts, the pages and the CLI import.
// Who is who: shoppers' accounts and sessions, password resets, the newsletter, staff and their desk sessions, and secret rotation.
export { deskSessionCookie, deskTokenOf, endedDeskSessionCookie } from './auth/desk-cookie.ts';
export { hashPassword } from './auth/passwords.ts';
export { signingKey, verifyingKeys } from '../secret.ts';
export { issueStaffToken } from './auth/staff-tokens.ts';
export { issueToken, tokenFromRequest } from './auth/tokens.ts';
export { base32Decode, totpAt } from './auth/totp.ts';
export { newsletterConfirmation, subscribe } from './newsletter.ts';
export { requestPasswordReset, resetPassword } from './password-reset.ts';
export {
  addPasskey,
  listMembersPasskeys,
  listPasskeys,
  passkeyProofOptions,
  passkeyRegistrationOptions,
  passkeySignIn,
  passkeySignInOptions,
  removeMemberPasskey,
  removePasskey,
} from './passkeys.ts';
export { resealTotpSecrets } from './rotation.ts';
export { endSessions } from './sessions.ts';
export {
  acceptInvitation,
  authenticateStaff,
  changeRole,
  confirmInvitation,
  createInvitation,
  invitationLink,
  inviteStaff,
  listStaff,
  readAudit,
  removeStaff,
  seesPersonalData,
  setGrant,
  mayRefund,
  signIn,
  signOut,
  toDeskStaff,
} from './staff.ts';
export { authenticate, googleLogin, login, register } from './users.ts';
