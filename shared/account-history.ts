/**
 * What the account history (the profile menu's "Povijest") records, one kind per change. The API
 * returns the kind's name; the site labels it from its catalogues (`history.kinds.<kind>`).
 * A cancelled guest registration is recorded by the stay's code (never the guest's name).
 */
export const ACCOUNT_EVENT_KINDS = [
  "SignedIn",
  "SignInFailed",
  "SessionEnded",
  "PasswordChanged",
  "PasswordReset",
  "EmailChangeRequested",
  "EmailChanged",
  "EmailChangeReverted",
  "TwoFactorEnabled",
  "TwoFactorDisabled",
  "TwoFactorRecoveryCodesReset",
  "ImpersonationStarted",
  "ImpersonationEnded",
  "ExternalAccountConnected",
  "ExternalAccountEdited",
  "ExternalAccountRemoved",
  "ExternalAccountCredentialsChanged",
  "RegistrationCancelled",
  "DataExported",
  "PlanPurchasePaid",
  "PlanAssigned",
  "TrialAssigned",
  "AccountDeletionRequested",
  "AccountDeletionCancelled",
  "ApiTokenCreated",
  "ApiTokenRevoked",
  "PropertyMemberInvited",
  "PropertyMemberJoined",
  "PropertyMemberRoleChanged",
  "PropertyMemberRemoved",
  "MemberStayAdded",
  "MemberStayChanged",
  "MemberStayDeleted",
  "MemberGuestsCheckedIn",
  "MemberGuestsApproved",
] as const;
export type AccountEventKind = typeof ACCOUNT_EVENT_KINDS[number];

/** How long an entry is kept before the daily retention job deletes it. */
export const ACCOUNT_HISTORY_RETENTION_DAYS = 365;

/**
 * The few names an entry may carry, never a document number, guest data, password, code or
 * token: the eVisitor account's username, a package's name and months, an API token's name.
 */
export interface AccountEventDetails {
  username?: string;
  packageName?: string;
  months?: number;
  /** The stay whose guest's registration was cancelled. */
  reservationCode?: string;
  /** The name a host gave a personal API token (never the token). */
  tokenName?: string;
  /** A new API token's scopes (`read`, `write`). */
  tokenScopes?: string[];
  /** A password reset: how many API tokens it revoked. */
  revokedApiTokens?: number;
  /** A property's team (issue 22): the property's name and the member's address. */
  propertyName?: string;
  memberEmail?: string;
  /**
   * Who made a property-team change or did a member's work on the owner's property (stays,
   * guests), when it was a member rather than the owner.
   */
  byEmail?: string;
}
