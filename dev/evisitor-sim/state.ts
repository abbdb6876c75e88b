/**
 * The simulator's world, in memory: hosts (obveznici) with their facilities and units, sessions,
 * failed-login counters and guest registrations. Loaded from seed.json and reset to it on demand.
 */
export interface SeedUnitType {
  id: string;
  nameCode: string;
}

export interface SeedUnit {
  id: string;
  typeId: string;
  beds: number;
  extraBeds: number;
  equivalentUnits: number;
  sequence: number;
}

export interface SeedFacility {
  id: string;
  /** Kept as a string: eVisitor codes carry leading zeros. */
  code: string;
  name: string;
  facilityType: string;
  category: string;
  settlement: string;
  settlementHrId: string;
  streetNumber: string;
  isDeactivated: boolean;
  /** Drives the flat-rate rule (FacilityTouristCheckInLookup.IsVacationHomeCalculation). */
  isVacationHome: boolean;
  /** TT category codes allowed here (TTPaymentCategoryLookup2). */
  paymentCategories: string[];
  unitTypes: SeedUnitType[];
  units: SeedUnit[];
  /**
   * AccommodationUnitFacilityType rows carry IDs of their own, not the units' TypeID (how the two
   * relate is not documented, evisitor-api.md §2.4): a unit's type is then known only by its
   * NameCode's code ("Apartman (A2+2)": 2 beds and 2 extra beds).
   */
  unitTypeIdsOfTheirOwn?: boolean;
}

export interface SeedHost {
  username: string;
  password: string;
  /**
   * The API key this host's application was given (the test service issues one per integrator);
   * when set, Login needs it as `apikey`, whatever the simulator-wide setting.
   */
  apiKey?: string;
  name: string;
  pin: string;
  ttPayerId: string;
  facilities: SeedFacility[];
}

export interface Seed {
  hosts: SeedHost[];
}

export type RegistrationStatus = "active" | "checked-out" | "cancelled";

/** One CheckInTourist registration, with the fields as accepted (PascalCase, dates ISO). */
export interface Registration {
  id: string;
  username: string;
  facilityId: string;
  fields: CheckInFields;
  status: RegistrationStatus;
  checkOut?: { date: string; time: string };
  cancelReason?: string | null;
  applicationNumber: number;
}

/** Accepted check-in values; dates converted from YYYYMMDD to YYYY-MM-DD. */
export interface CheckInFields {
  ID: string;
  Facility: string;
  StayFrom: string;
  TimeStayFrom: string;
  ForeseenStayUntil: string;
  TimeEstimatedStayUntil: string;
  DocumentType: string;
  DocumentNumber: string;
  TouristName: string;
  TouristMiddleName?: string;
  TouristSurname: string;
  Gender: "muški" | "ženski";
  DateOfBirth: string;
  CountryOfBirth: string;
  CityOfBirth: string;
  Citizenship: string;
  CountryOfResidence: string;
  CityOfResidence: string;
  ResidenceAddress?: string;
  TouristEmail?: string;
  TouristTelephone?: string;
  TTPaymentCategory: string;
  ArrivalOrganisation: string;
  TouristAgency?: string;
  OfferedServiceType: string;
  AccommodationUnitType?: string;
  IsTTFlatRatePaymentVacationHome?: boolean;
  BorderCrossing?: string;
  PassageDate?: string;
  VisaType?: string;
  VisaNumber?: string;
  VisaValidityDate?: string;
}

export interface Session {
  username: string;
  lastSeen: number;
}

export interface LoginFailures {
  count: number;
  lockedUntil?: number;
}

export interface RequestLogEntry {
  at: string;
  method: string;
  path: string;
  status: number;
  /** The host the call was made as (Login: the username sent), when known. */
  username?: string;
}

/** What one host's sessions did: logins that opened a session, logouts, calls by resource. */
export interface AccountCalls {
  logins: number;
  logouts: number;
  /** Browses and lookups read (GET), by resource name, e.g. `CountryLookup`. */
  reads: Record<string, number>;
  /** Actions (POST), by name, e.g. `CheckInTourist`. */
  actions: Record<string, number>;
}

const MAX_LOG = 2000;

export class SimState {
  hosts = new Map<string, SeedHost>();
  sessions = new Map<string, Session>();
  failures = new Map<string, LoginFailures>();
  registrations = new Map<string, Registration>();
  requests: RequestLogEntry[] = [];
  /** Per host (username in lower case): what its sessions did, for tests and benchmarks. */
  calls = new Map<string, AccountCalls>();
  loginAttempts = 0;
  /** Logins refused for a wrong or missing API key. */
  apiKeyRefusals = 0;
  applicationNumbers = 0;
  /** Set through /__sim/clock: the simulator's "now" instead of the real clock. */
  fixedNow: number | null = null;

  constructor(private readonly seed: Seed) {
    this.reset();
  }

  reset(): void {
    this.hosts.clear();
    for (const host of structuredClone(this.seed.hosts)) this.addHost(host);
    this.sessions.clear();
    this.failures.clear();
    this.registrations.clear();
    this.requests = [];
    this.calls.clear();
    this.loginAttempts = 0;
    this.apiKeyRefusals = 0;
    this.applicationNumbers = 0;
    this.fixedNow = null;
  }

  /** Usernames compare case-insensitively, as in ASP.NET membership. */
  host(username: string): SeedHost | undefined {
    return this.hosts.get(username.toLowerCase());
  }

  addHost(host: SeedHost): void {
    this.hosts.set(host.username.toLowerCase(), host);
  }

  logRequest(entry: RequestLogEntry): void {
    this.requests.push(entry);
    if (this.requests.length > MAX_LOG) this.requests.splice(0, this.requests.length - MAX_LOG);
  }

  /** Counts a call of `username`'s: a login, a logout, a read or an action by name. */
  count(username: string, call: "login" | "logout" | { read: string } | { action: string }): void {
    const key = username.toLowerCase();
    const calls = this.calls.get(key) ?? { logins: 0, logouts: 0, reads: {}, actions: {} };
    this.calls.set(key, calls);
    if (call === "login") calls.logins++;
    else if (call === "logout") calls.logouts++;
    else if ("read" in call) calls.reads[call.read] = (calls.reads[call.read] ?? 0) + 1;
    else calls.actions[call.action] = (calls.actions[call.action] ?? 0) + 1;
  }

  registrationsOf(username: string): Registration[] {
    const key = username.toLowerCase();
    return [...this.registrations.values()].filter((r) => r.username.toLowerCase() === key);
  }
}

export async function loadSeed(path: string | URL): Promise<Seed> {
  const seed = JSON.parse(await Deno.readTextFile(path)) as Seed;
  if (!Array.isArray(seed.hosts)) throw new Error(`${path}: "hosts" must be a list`);
  return seed;
}

export const DEFAULT_SEED = new URL("./seed.json", import.meta.url);
