import "server-only";

/**
 * Accounts: sign-up, sign-in (password and email code), sessions and their cookies, password reset,
 * the profile and its avatar, addresses, account deletion and export, the dashboard's figures, and
 * the countries, states and cities of the address forms. Built on better-auth (./server/auth/).
 * Staff too (./server/staff/): roles and can() (./access.ts), the back office's sign-in with a
 * second factor, invitations, API tokens, and the audit log's reader (docs/decisions/0043).
 *
 * This file is the domain's server API: pages, route handlers and other domains import from here.
 * Pure modules that client code may use sit beside it: constants.ts (cookie names, account paths),
 * redirect.ts, schemas.ts, auth-schemas.ts and staff-schemas.ts (zod), access.ts (roles, can()),
 * common-passwords.ts, client/session.ts.
 */

export { assertPhoneFree, AVATAR_MAX_BYTES, AVATAR_TYPES, confirmEmailChange, deleteAccount, exportAccount, readAvatar, removeAvatar, requestEmailChange, sendDeletionCode, setAvatar, updateProfile } from "./server/account";
export { type Address, ADDRESS_NOT_FOUND, createAddress, deleteAddress, getAddress, getDefaultAddress, listAddresses, presentAddress, setDefaultAddress, updateAddress } from "./server/addresses";
export { authSecret } from "./server/auth/auth";
export { changePassword, confirmEmail, requestPasswordReset, resetPassword, sendSignInCode, type SignedIn, signInWithCode, signInWithPassword, signOut, signOutEverywhere, signUp } from "./server/auth/flows";
export { assertOwnUserId, currentUser, identify, type Identity, requestIp, requireIdentity, requireUser, type SessionUser } from "./server/auth/session";
export { countFormPost } from "./server/auth/limits";
export { addCustomerNote, CUSTOMER_MESSAGES, type CustomerDetail, type CustomerMatch, type CustomerNote, type CustomerOrder, type CustomerPage, type CustomerRow, endCustomerSessions, eraseCustomer, exportCustomer, findCustomers, getCustomer, listCustomers, resendConfirmation, setCustomerBlocked } from "./server/customers";
export { dashboardStats } from "./server/dashboard";
export { listCities, listCountries, listStates } from "./server/locations";
export { exportAudit, listAudit, listSignIns, type AuditRow, type SignInRow } from "./server/staff/audit-log";
export { assertCan, requireStaff, requireStaffForAny, requireStaffSession, STAFF_MESSAGES, staffPrincipal, type StaffPrincipal } from "./server/staff/identity";
export { actionInput, ADMIN_TWO_FACTOR_PATH, adminLoginHref, currentStaff, permissionsOfStaff, requireStaffAction, requireStaffEnrolment, requireStaffPage, staffAction } from "./server/staff/pages";
export { notifyStaff } from "./server/staff/notify";
export { securitySettings, type SecuritySettings, updateSecuritySettings } from "./server/staff/settings";
export { staffSecondFactor, staffSignIn, STAFF_SIGN_IN_MESSAGES, type StaffChallenge, type StaffSignedIn } from "./server/staff/sign-in";
export { changeStaffRole, createStaffMember, INVITE_TTL_HOURS, inviteStaff, listStaff, removeStaff, type StaffMember } from "./server/staff/staff";
export { insertToken, issueToken, listTokens, revokeToken, TOKEN_PREFIX, type TokenView } from "./server/staff/tokens";
export { disableTwoFactor, enableTwoFactor, newRecoveryCodes, verifyTwoFactorSetup } from "./server/staff/two-factor";
