/**
 * Runs the eVisitor simulator (dev/evisitor-sim) in-process on a free port, with its own state
 * from the demo seed, and drives it through its /__sim/ control API as any test client would.
 */
import { createSimApp } from "../../dev/evisitor-sim/app.ts";
import type { EVisitorCheckIn } from "@core/evisitor/types.ts";
import type { Fault, FaultMode } from "../../dev/evisitor-sim/faults.ts";
import type { SimOptions } from "../../dev/evisitor-sim/options.ts";
import {
  type AccountCalls,
  DEFAULT_SEED,
  loadSeed,
  type Seed,
  SimState,
} from "../../dev/evisitor-sim/state.ts";

/** What GET /__sim/state answers (see dev/evisitor-sim/control.ts). */
export interface SimSnapshot {
  now: string;
  hosts: {
    username: string;
    failedLogins: number;
    lockedUntil: number | null;
    facilities: { id: string; code: string; name: string; units: number }[];
  }[];
  sessions: number;
  loginAttempts: number;
  /** Logins refused for a wrong or missing API key. */
  apiKeyRefusals: number;
  registrations: {
    id: string;
    username: string;
    status: "active" | "checked-out" | "cancelled";
    fields: Record<string, unknown>;
    checkOut?: { date: string; time: string };
    cancelReason?: string | null;
  }[];
  faults: Fault[];
  requests: { at: string; method: string; path: string; status: number; username?: string }[];
  /** Per host, by username in lower case: logins, logouts, reads and actions by resource name. */
  calls: Record<string, AccountCalls>;
}

export interface FaultExtras {
  /** Only calls whose path contains this, e.g. "CheckInTourist". */
  path?: string;
  delayMs?: number;
  /** For "waf": the support ID on the block page ("" for a page that names none). */
  supportId?: string;
  /** Matching calls let through before the fault starts. */
  after?: number;
}

export interface RunningEVisitorSim {
  baseUrl: string;
  port: number;
  control: {
    fail(mode: FaultMode, count?: number, extras?: FaultExtras): Promise<void>;
    /** Drops the faults still pending. */
    clearFaults(): Promise<void>;
    reset(): Promise<void>;
    state(): Promise<SimSnapshot>;
    /** Fix the simulator's clock (ISO date-time), or null for the real one. */
    setNow(now: string | null): Promise<void>;
    /** The host checks a guest out in eVisitor's own site. */
    checkOut(registrationId: string): Promise<void>;
    /** The host's password changes at eVisitor, or its API key (null: none needed). */
    setCredentials(
      username: string,
      change: { password?: string; apiKey?: string | null },
    ): Promise<void>;
    /** A host of its own (see POST /__sim/hosts). */
    addHost(host: Record<string, unknown>): Promise<void>;
    /** The tourist board deactivates the facility `code` (or opens it again). */
    setFacility(code: string, change: { isDeactivated: boolean }): Promise<void>;
  };
  stop(): Promise<void>;
}

/** What the simulator counted for `username` (nothing yet: all zero). */
export function callsOf(snapshot: SimSnapshot, username: string): AccountCalls {
  return snapshot.calls[username.toLowerCase()] ??
    { logins: 0, logouts: 0, reads: {}, actions: {} };
}

export const DEMO_HOST = { username: "12345678901.api", password: "Demo-Lozinka-1" } as const;

export interface EVisitorLogin {
  username: string;
  password: string;
}

/**
 * A copy of the demo host (its facilities and units, with the same names and codes) under an OIB
 * of its own, with the demo host's password. An eVisitor account connects to one host of the
 * product only, and an OIB gives one free trial: browser tests that share a stack
 * (tests/support/shared-stack.ts) each connect a copy, as their own hosts.
 */
export async function addDemoHostCopy(sim: RunningEVisitorSim): Promise<EVisitorLogin> {
  const seed = await loadSeed(DEFAULT_SEED);
  const demo = seed.hosts.find((host) => host.username === DEMO_HOST.username);
  if (!demo) throw new Error(`the seed has no ${DEMO_HOST.username}`);
  const oib = String(10_000_000_000 + Math.floor(Math.random() * 89_999_999_999));
  const copy = { ...demo, username: `${oib}.api` };
  await sim.control.addHost(copy as unknown as Record<string, unknown>);
  return { username: copy.username, password: copy.password };
}
export const OTHER_DEMO_HOST = { username: "98765432109", password: "Demo-Lozinka-2" } as const;

export async function startEVisitorSim(
  options: Partial<SimOptions> & { seed?: Seed } = {},
): Promise<RunningEVisitorSim> {
  const { seed, ...simOptions } = options;
  const app = createSimApp(new SimState(seed ?? await loadSeed(DEFAULT_SEED)), simOptions);
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, app.fetch);
  const port = (server.addr as Deno.NetAddr).port;
  const baseUrl = `http://127.0.0.1:${port}`;

  async function call(method: string, path: string, body?: unknown): Promise<unknown> {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: body === undefined ? undefined : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = await res.json();
    if (!res.ok) throw new Error(`simulator control ${method} ${path}: ${JSON.stringify(answer)}`);
    return answer;
  }

  return {
    baseUrl,
    port,
    control: {
      fail: async (mode, count = 1, extras = {}) => {
        await call("POST", "/__sim/faults", { mode, count, ...extras });
      },
      clearFaults: async () => {
        await call("DELETE", "/__sim/faults");
      },
      reset: async () => {
        await call("POST", "/__sim/reset");
      },
      state: () => call("GET", "/__sim/state") as Promise<SimSnapshot>,
      setNow: async (now) => {
        await call("POST", "/__sim/clock", { now });
      },
      checkOut: async (id) => {
        await call("POST", "/__sim/check-out", { id });
      },
      setCredentials: async (username, change) => {
        await call("POST", "/__sim/credentials", { username, ...change });
      },
      addHost: async (host) => {
        await call("POST", "/__sim/hosts", host);
      },
      setFacility: async (code, change) => {
        await call("POST", "/__sim/facilities", { code, ...change });
      },
    },
    async stop() {
      app.close();
      await server.shutdown();
    },
  };
}

/** The demo host's facilities and units in seed.json. */
export const DEMO_FACILITIES = {
  apartments: { id: "f1000000-0000-4000-8000-000000000001", code: "0012345" },
  house: { id: "f1000000-0000-4000-8000-000000000002", code: "0007001" },
} as const;

/** The simulator's fixed "now" in tests: a summer morning in Croatia. */
export const SIM_NOW = "2026-07-10T10:00:00+02:00";
export const SIM_TODAY = "2026-07-10";

/** A check-in the simulator accepts for the demo host (arrival today, EU resident). */
export function demoCheckIn(overrides: Partial<EVisitorCheckIn> = {}): EVisitorCheckIn {
  return {
    id: crypto.randomUUID(),
    facilityCode: DEMO_FACILITIES.apartments.code,
    stayFrom: SIM_TODAY,
    timeStayFrom: "09:42",
    foreseenStayUntil: "2026-07-17",
    timeEstimatedStayUntil: "10:00",
    documentType: "027",
    documentNumber: "XX111111",
    touristName: "Marek",
    touristSurname: "Novák",
    gender: "muški",
    dateOfBirth: "1985-01-15",
    countryOfBirth: "SVK",
    cityOfBirth: "Bratislava",
    citizenship: "SVK",
    countryOfResidence: "SVK",
    cityOfResidence: "Bratislava",
    ttPaymentCategory: "14",
    arrivalOrganisation: "I",
    offeredServiceType: "Noćenje",
    accommodationUnitType: "Apartman",
    ...overrides,
  };
}
