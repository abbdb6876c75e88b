/** Simulator behaviour that the real service leaves undocumented, made adjustable. */
export interface SimOptions {
  /** Failed logins of one account before it is locked (AspNetFormsAuth lockout). */
  lockoutAttempts: number;
  lockoutSeconds: number;
  /** Rhetos answers "User is not authenticated." with 400 (WCF era) or 401 (ASP.NET Core). */
  unauthenticatedStatus: 400 | 401;
  /** Set to behave like the test service: Login then needs this `apikey`. */
  apiKey?: string;
  apiKeyStatus: number;
  /** AllowedNumberOfDaysToCheckInCheckOut (15 for commercial accommodation since 2017). */
  retroactiveDays: number;
  /** MaximumTouristsDaysOfStay (not published; 90 is one unverified claim). */
  maxStayDays: number;
  /** Whether a check-in may start after today (undocumented; allowed by default). */
  allowFutureArrival: boolean;
  /** Sliding idle timeout of a session (stock forms authentication: 30 minutes). */
  sessionIdleMinutes: number;
  /** How long a "timeout" fault holds the answer back when the fault names no delay. */
  timeoutDelayMs: number;
  /** How long every protocol call waits before it is answered (the real service is remote). */
  latencyMs: number;
  now: () => number;
  /** One line per request on stdout (method, path, status; never bodies). */
  log: boolean;
}

export function simOptions(overrides: Partial<SimOptions> = {}): SimOptions {
  return {
    lockoutAttempts: 5,
    lockoutSeconds: 300,
    unauthenticatedStatus: 400,
    apiKeyStatus: 400,
    retroactiveDays: 15,
    maxStayDays: 90,
    allowFutureArrival: true,
    sessionIdleMinutes: 30,
    timeoutDelayMs: 30_000,
    latencyMs: 0,
    now: Date.now,
    log: false,
    ...overrides,
  };
}

/** EVISITOR_SIM_* variables; anything unset keeps its default. */
export function optionsFromEnv(env: Record<string, string | undefined>): Partial<SimOptions> {
  const int = (name: string) => {
    const value = env[name];
    if (value === undefined || value === "") return undefined;
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number`);
    return n;
  };
  const options: Partial<SimOptions> = { log: env.EVISITOR_SIM_LOG !== "0" };
  const set = <K extends keyof SimOptions>(key: K, value: SimOptions[K] | undefined) => {
    if (value !== undefined) options[key] = value;
  };
  set("lockoutAttempts", int("EVISITOR_SIM_LOCKOUT_ATTEMPTS"));
  set("lockoutSeconds", int("EVISITOR_SIM_LOCKOUT_SECONDS"));
  set("retroactiveDays", int("EVISITOR_SIM_RETROACTIVE_DAYS"));
  set("sessionIdleMinutes", int("EVISITOR_SIM_SESSION_MINUTES"));
  set("latencyMs", int("EVISITOR_SIM_LATENCY_MS"));
  const status = int("EVISITOR_SIM_UNAUTHENTICATED_STATUS");
  if (status !== undefined) {
    if (status !== 400 && status !== 401) {
      throw new Error("EVISITOR_SIM_UNAUTHENTICATED_STATUS must be 400 or 401");
    }
    options.unauthenticatedStatus = status;
  }
  set("apiKey", env.EVISITOR_SIM_API_KEY || undefined);
  return options;
}
