/**
 * The eVisitor web API client: `openEVisitorSession` logs in once and returns a session whose
 * calls re-login once on expiry (transport.ts). Failed logins are never retried automatically,
 * and the login guard keeps repeated jobs from locking a host out (login-guard.ts). A session
 * reads each code list once (per facility for the tax categories) and keeps it while it lives:
 * the workers keep one session per account for a batch (account-sessions.ts), so a batch of
 * guests reads the lists once.
 */
import { logIn, logOut } from "./auth.ts";
import { listFacilities, listUnits } from "./facilities.ts";
import { type EVisitorCallInfo, EVisitorHttp, type Fetch } from "./http.ts";
import { type LoginCap, LoginGuard } from "./login-guard.ts";
import { databaseLoginGuardStore } from "./login-guard-store.ts";
import type { Database } from "../db/client.ts";
import type { SecretBox } from "../platform/crypto/secret-box.ts";
import * as lookups from "./lookups.ts";
import * as tourists from "./tourists.ts";
import { AuthenticatedTransport } from "./transport.ts";
import type { EVisitorSession, OpenEVisitorSession } from "./types.ts";

export { EVISITOR_ENVIRONMENTS, type EVisitorEnvironment } from "./environments.ts";
export type { EVisitorCallInfo } from "./http.ts";
export { type LoginCap, LoginGuard } from "./login-guard.ts";
export { EVisitorError } from "./types.ts";

export interface EVisitorClientOptions {
  fetch?: Fetch;
  /** Shared by all sessions of this client; one per process is the point. */
  guard?: LoginGuard;
  /** Called after every HTTP exchange, e.g. for logs; carries no data, only names and timings. */
  onCall?: (info: EVisitorCallInfo) => void;
}

export function createEVisitorClient(options: EVisitorClientOptions = {}): OpenEVisitorSession {
  const guard = options.guard ?? new LoginGuard();
  return async (endpoint, credentials, { typedByHost = false } = {}) => {
    const http = new EVisitorHttp(endpoint, options.fetch, options.onCall);
    const account = {
      baseUrl: endpoint.baseUrl,
      username: credentials.username,
      password: credentials.password,
      apiKey: credentials.apiKey,
    };
    const login = (hostWaits = false) =>
      guard.run(account, () => logIn(http, credentials), { typedByHost: hostWaits });
    await login(typedByHost);
    // Logins again after an expiry are the session's own: remembered refusals hold for them.
    return createSession(http, new AuthenticatedTransport(http, () => login()));
  };
}

/** `load` once; a failed load is forgotten, so the next call asks again. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () =>
    loaded ??= load().catch((error) => {
      loaded = undefined;
      throw error;
    });
}

/** `load(key)` once per key (compared in lower case: eVisitor's GUIDs come in either case). */
function oncePer<T>(load: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const loaded = new Map<string, () => Promise<T>>();
  return (key) => {
    const id = key.toLowerCase();
    if (!loaded.has(id)) loaded.set(id, once(() => load(key)));
    return loaded.get(id)!();
  };
}

function createSession(http: EVisitorHttp, t: AuthenticatedTransport): EVisitorSession {
  return {
    listFacilities: () => listFacilities(t),
    listUnits: (facilityId, facilityCode) => listUnits(t, facilityId, facilityCode),
    listCheckInFacilities: once(() => lookups.listCheckInFacilities(t)),
    async logout() {
      t.close();
      await logOut(http);
    },
    checkInTourist: (checkIn) => tourists.checkInTourist(t, checkIn),
    checkOutTourist: (checkOut) => tourists.checkOutTourist(t, checkOut),
    cancelTouristCheckIn: (c) => tourists.cancelTouristCheckIn(t, c),
    cancelTouristCheckOut: (c) => tourists.cancelTouristCheckOut(t, c),
    listTourists: (filter) => tourists.listTourists(t, filter),
    listCountries: once(() => lookups.listCountries(t)),
    listDocumentTypes: once(() => lookups.listDocumentTypes(t)),
    listPaymentCategories: oncePer((facilityId) => lookups.listPaymentCategories(t, facilityId)),
    listArrivalOrganisations: once(() => lookups.listArrivalOrganisations(t)),
    listOfferedServiceTypes: once(() => lookups.listOfferedServiceTypes(t)),
    listBorderCrossings: once(() => lookups.listBorderCrossings(t)),
    listSettlements: () => lookups.listSettlements(t),
  };
}

/**
 * The client the product runs, one per process: its login guard keeps what it learns in the
 * database, so the API and every copy of the workers share it (login-guard-store.ts). Accounts
 * and passwords are kept as keyed fingerprints, each kind under its own label.
 */
export function productEVisitorClient(
  db: Database,
  secretBox: SecretBox,
  { loginCap }: {
    /**
     * Logins per account and window for every process together (the workers'
     * EVISITOR_LOGINS_PER_MINUTE); the API's logins, made while a host waits, are not capped.
     */
    loginCap?: LoginCap;
  } = {},
): OpenEVisitorSession {
  const fingerprint = (label: string) => (text: string) =>
    secretBox.fingerprint(`evisitor login guard ${label}\n${text}`);
  return createEVisitorClient({
    guard: new LoginGuard({
      store: databaseLoginGuardStore(db, fingerprint("account")),
      digest: fingerprint("password"),
      loginCap,
    }),
  });
}
