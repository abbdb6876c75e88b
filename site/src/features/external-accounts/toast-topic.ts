/**
 * The snackbar topic of an eVisitor account's connection: a newer message replaces an older one,
 * so a failed attempt's "not connected" does not stay above the later "connected" and "synced".
 */
export const ACCOUNT_TOPIC = "externalAccount";
