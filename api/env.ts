import { z } from "zod";
import { commonEnv, parseConfig } from "@core/platform/config.ts";
import { DEVELOPMENT_PAYEE, payeeProblems } from "@core/services/billing/payee.ts";
import {
  DEFAULT_API_TOKEN_RATE_LIMIT,
  DEFAULT_RATE_LIMITS,
  type RateLimits,
} from "./http/security/rate-limit.ts";

const base64Key32 = z
  .string({ error: "is required: 32 random bytes in base64 (openssl rand -base64 32)" })
  .refine((value) => atob(value.replace(/\s/g, "")).length === 32, {
    error: "must be 32 bytes in base64 (openssl rand -base64 32)",
  });

/** Requests a client address may make to one route group per minute. */
const perMinute = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

const corsOrigins = z.string().default("").transform((value, ctx) => {
  const origins: string[] = [];
  for (const entry of value.split(",").map((v) => v.trim()).filter(Boolean)) {
    const origin = URL.canParse(entry) ? new URL(entry) : undefined;
    if (
      !origin || !/^https?:$/.test(origin.protocol) || origin.origin !== entry.replace(/\/$/, "")
    ) {
      ctx.addIssue({
        code: "custom",
        message: `"${entry}" is not an origin like https://app.example.com (no path)`,
      });
      return z.NEVER;
    }
    origins.push(origin.origin);
  }
  return origins;
});

const ApiEnv = z
  .object({
    ...commonEnv,
    HOST: z.string().min(1).default("127.0.0.1"),
    PORT: z.coerce.number().int().min(1).max(65535).default(8000),
    SITE_DIR: z.string().min(1).default("site/dist"),
    /**
     * Apply migrations and create the first administrator at start-up. A deployment with several
     * API replicas turns it off and runs deploy/migrate.ts once instead.
     */
    MIGRATE_ON_START: z.stringbool().default(true),
    /**
     * API processes sharing the port (SO_REUSEPORT, api/http/api-processes.ts): one per core uses
     * the whole machine, since each process runs requests on one thread.
     */
    API_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
    /** Largest request body accepted, in bytes. */
    BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1024 * 1024),
    /** Signs access tokens (HS256); at least 32 characters. */
    JWT_SECRET: z.string({ error: "is required (at least 32 random characters)" }).min(32, {
      error: "must be at least 32 characters",
    }),
    /** Encrypts stored secrets such as two-factor keys (AES-256-GCM). */
    DATA_ENCRYPTION_KEY: base64Key32,
    ACCESS_TOKEN_MINUTES: z.coerce.number().int().min(1).max(60).default(15),
    REFRESH_TOKEN_DAYS: z.coerce.number().int().min(1).max(90).default(14),
    /** The first administrator, created (or given the role) at start-up when both are set. */
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8).optional(),
    /**
     * Behind a reverse proxy: take the client address from X-Forwarded-For and the scheme from
     * X-Forwarded-Proto (for Strict-Transport-Security).
     */
    TRUST_PROXY: z.enum(["true", "false"]).default("false").transform((v) => v === "true"),
    /** Origins (scheme://host[:port]) whose pages may call the API from the browser; none by default. */
    CORS_ORIGINS: corsOrigins,
    /** "off" turns every rate limit off (load tests); the limits below are per client address. */
    RATE_LIMITS: z.enum(["on", "off"]).default("on"),
    RATE_LIMIT_LOGIN: perMinute(DEFAULT_RATE_LIMITS.login),
    RATE_LIMIT_REGISTER: perMinute(DEFAULT_RATE_LIMITS.register),
    RATE_LIMIT_ACCOUNT_EMAILS: perMinute(DEFAULT_RATE_LIMITS.accountEmails),
    RATE_LIMIT_RESET_PASSWORD: perMinute(DEFAULT_RATE_LIMITS.resetPassword),
    RATE_LIMIT_CONTACT: perMinute(DEFAULT_RATE_LIMITS.contact),
    RATE_LIMIT_MRZ: perMinute(DEFAULT_RATE_LIMITS.mrz),
    RATE_LIMIT_MRZ_FRAMES: perMinute(DEFAULT_RATE_LIMITS.mrzFrames),
    RATE_LIMIT_CHECKIN_READS: perMinute(DEFAULT_RATE_LIMITS.checkinReads),
    RATE_LIMIT_CHECKIN_WRITES: perMinute(DEFAULT_RATE_LIMITS.checkinWrites),
    /** Per stay or door code rather than per address. */
    RATE_LIMIT_CODE_READS: perMinute(DEFAULT_RATE_LIMITS.codeReads),
    RATE_LIMIT_CODE_CHECKINS: perMinute(DEFAULT_RATE_LIMITS.codeCheckins),
    /** Stay imports (POST /api/Reservations/import) per account rather than per address. */
    RATE_LIMIT_RESERVATION_IMPORT: perMinute(DEFAULT_RATE_LIMITS.reservationImport),
    /** Requests a minute per personal API token (always on, also with RATE_LIMITS=off). */
    API_TOKEN_RATE_LIMIT: perMinute(DEFAULT_API_TOKEN_RATE_LIMIT),
    /** Who hosts pay by bank transfer (payment instructions, HUB3 barcode, receipts). */
    BILLING_PAYEE_NAME: z.string().trim().min(1).default(DEVELOPMENT_PAYEE.name),
    BILLING_PAYEE_STREET: z.string().trim().min(1).default(DEVELOPMENT_PAYEE.street),
    BILLING_PAYEE_CITY: z.string().trim().min(1).default(DEVELOPMENT_PAYEE.city),
    BILLING_PAYEE_IBAN: z.string().transform((v) => v.replace(/\s/g, "").toUpperCase())
      .default(DEVELOPMENT_PAYEE.iban),
    BILLING_PAYEE_OIB: z.string().regex(/^\d{11}$/, { error: "must be 11 digits" }).optional(),
    BILLING_PAYMENT_MODEL: z.enum(["HR00", "HR99"]).default(DEVELOPMENT_PAYEE.model),
    BILLING_PURPOSE_CODE: z.string().default(DEVELOPMENT_PAYEE.purposeCode),
    /**
     * Lets devices register any http(s) push endpoint, not only the browsers' push services.
     * Only for tests and local development: the workers post to it from inside our network.
     */
    WEB_PUSH_ALLOW_ANY_ENDPOINT: z.stringbool().default(false),
  })
  .refine((env) => !env.ADMIN_EMAIL === !env.ADMIN_PASSWORD, {
    path: ["ADMIN_PASSWORD"],
    error: "ADMIN_EMAIL and ADMIN_PASSWORD must be set together",
  })
  .superRefine((env, ctx) => {
    for (const [path, message] of Object.entries(payeeProblems(payeeOf(env)))) {
      ctx.addIssue({ code: "custom", path: [path], message });
    }
  });

/** The payee of the configuration. */
export function payeeOf(env: {
  BILLING_PAYEE_NAME: string;
  BILLING_PAYEE_STREET: string;
  BILLING_PAYEE_CITY: string;
  BILLING_PAYEE_IBAN: string;
  BILLING_PAYEE_OIB?: string;
  BILLING_PAYMENT_MODEL: "HR00" | "HR99";
  BILLING_PURPOSE_CODE: string;
}) {
  return {
    name: env.BILLING_PAYEE_NAME,
    street: env.BILLING_PAYEE_STREET,
    city: env.BILLING_PAYEE_CITY,
    iban: env.BILLING_PAYEE_IBAN,
    oib: env.BILLING_PAYEE_OIB,
    model: env.BILLING_PAYMENT_MODEL,
    purposeCode: env.BILLING_PURPOSE_CODE,
  };
}
export type ApiConfig = z.infer<typeof ApiEnv>;

/** The rate limits in force, or undefined when RATE_LIMITS=off. */
export function rateLimitsOf(env: ApiConfig): RateLimits | undefined {
  if (env.RATE_LIMITS === "off") return undefined;
  return {
    login: env.RATE_LIMIT_LOGIN,
    register: env.RATE_LIMIT_REGISTER,
    accountEmails: env.RATE_LIMIT_ACCOUNT_EMAILS,
    resetPassword: env.RATE_LIMIT_RESET_PASSWORD,
    contact: env.RATE_LIMIT_CONTACT,
    mrz: env.RATE_LIMIT_MRZ,
    mrzFrames: env.RATE_LIMIT_MRZ_FRAMES,
    checkinReads: env.RATE_LIMIT_CHECKIN_READS,
    checkinWrites: env.RATE_LIMIT_CHECKIN_WRITES,
    codeReads: env.RATE_LIMIT_CODE_READS,
    codeCheckins: env.RATE_LIMIT_CODE_CHECKINS,
    reservationImport: env.RATE_LIMIT_RESERVATION_IMPORT,
  };
}

/** The only place the API reads its environment. */
export function loadApiConfig(env: Record<string, string | undefined> = Deno.env.toObject()) {
  return parseConfig(ApiEnv, env, "api");
}
