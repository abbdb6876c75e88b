import { z } from "zod";
import { commonEnv, parseConfig } from "@core/platform/config.ts";

/** `scheduler` runs every timed job (workers/scheduler/jobs.ts); no other worker runs on a clock. */
export const WORKER_NAMES = [
  "relay",
  "notifications",
  "evisitor",
  "calendar",
  "mrz",
  "scheduler",
] as const;
export type WorkerName = (typeof WORKER_NAMES)[number];

const WorkersEnv = z.object({
  ...commonEnv,
  /** Comma-separated list of workers this process runs; all by default. */
  WORKERS: z
    .string()
    .default(WORKER_NAMES.join(","))
    .transform((value) => value.split(",").map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.enum(WORKER_NAMES)).min(1)),
  /** SMTP relay, e.g. smtp://user:pass@host:587; unset writes .eml files into MAIL_DIR. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_DIR: z.string().min(1).default("data/mail"),
  MAIL_FROM: z.string().min(3).default("Prijavko <no-reply@prijavko.hr>"),
  /** Decrypts stored eVisitor credentials (AES-256-GCM), the same key as the API's. */
  DATA_ENCRYPTION_KEY: z.string({ error: "is required: the same value the API uses" }).min(40),
  /** Deliveries of one event before it is dead-lettered. */
  /** Guests held for approval at one stay less than this apart get one e-mail (issue 32). */
  APPROVAL_EMAIL_BURST_MS: z.coerce.number().int().min(0).max(60 * 60_000).default(120_000),
  MAX_DELIVERIES: z.coerce.number().int().min(1).max(100).default(6),
  /** First retry delay; doubles per delivery up to RETRY_MAX_MS. */
  RETRY_BASE_MS: z.coerce.number().int().min(10).default(1000),
  RETRY_MAX_MS: z.coerce.number().int().min(10).default(60_000),
  RELAY_INTERVAL_MS: z.coerce.number().int().min(10).default(200),
  /** JetStream replicas of each stream: 1 on a single server, 3 on a 3-node cluster. */
  NATS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  /**
   * The scheduler's guest jobs: how often automatic check-in/out, deadline warnings and unanswered
   * retries run, and the daily jobs (comparison with eVisitor, retention) look for today's run.
   */
  GUEST_SCHEDULE_TICK_MS: z.coerce.number().int().min(100).default(60_000),
  /** How often every calendar feed is fetched (conditional requests make unchanged ones cheap). */
  CALENDAR_SYNC_INTERVAL_MINUTES: z.coerce.number().min(1).max(24 * 60).default(15),
  /**
   * How often the scheduler's calendar job looks for feeds that are due. Each unit is due at its
   * own moment of the interval, so a short tick keeps the requests an even stream (issue 34).
   */
  CALENDAR_SCHEDULE_TICK_MS: z.coerce.number().int().min(100).default(5_000),
  /** Whole download of one feed: DNS, redirects, headers and body. */
  CALENDAR_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** Units synced at once (each unit's feeds one after another). */
  CALENDAR_SYNC_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  /**
   * Lets feeds point at private and loopback addresses. Only for local development and tests:
   * in production a host could otherwise make the server fetch from inside our network.
   */
  CALENDAR_ALLOW_PRIVATE_ADDRESSES: z.stringbool().default(false),
  /**
   * How long the evisitor worker keeps an account's eVisitor session open after its last work, so
   * that the rest of a batch (guests checked in together) reuses it; then it logs out.
   */
  EVISITOR_SESSION_IDLE_MS: z.coerce.number().int().min(0).max(10 * 60_000).default(5000),
  /** Logins to one eVisitor account per minute, by every workers process together. */
  EVISITOR_LOGINS_PER_MINUTE: z.coerce.number().int().min(1).max(600).default(12),
  /** Document photos the MRZ worker reads at once (decoding overlaps the OCR threads). */
  MRZ_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /** Touched every few seconds while NATS is connected; a container healthcheck reads it. */
  HEARTBEAT_FILE: z.string().min(1).optional(),
  /**
   * Where the scheduler writes the database's encrypted backups (another disk, or a mounted
   * object store); unset: no backups (docs/operations.md "Backups").
   */
  BACKUP_DIR: z.string().min(1).optional(),
  /** 32 random bytes in base64 that encrypt the backups; required with BACKUP_DIR. */
  BACKUP_ENCRYPTION_KEY: z.string().optional().refine(
    (value) => value === undefined || decodedLength(value) === 32,
    { error: "must be 32 random bytes in base64 (openssl rand -base64 32)" },
  ),
  /** One backup per this many minutes (the recovery point). */
  BACKUP_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(60),
  /** Backups kept: the newest N, the newest of each of N days, of each of N ISO weeks. */
  BACKUP_KEEP_LAST: z.coerce.number().int().min(1).max(1000).default(24),
  BACKUP_KEEP_DAILY: z.coerce.number().int().min(0).max(1000).default(7),
  BACKUP_KEEP_WEEKLY: z.coerce.number().int().min(0).max(1000).default(8),
}).refine((env) => env.BACKUP_DIR === undefined || env.BACKUP_ENCRYPTION_KEY !== undefined, {
  path: ["BACKUP_ENCRYPTION_KEY"],
  error: "is required with BACKUP_DIR (openssl rand -base64 32)",
});

function decodedLength(base64: string): number {
  return /^[A-Za-z0-9+/]+={0,2}$/.test(base64.trim()) ? atob(base64.trim()).length : -1;
}
export type WorkersConfig = z.infer<typeof WorkersEnv>;

/** The only place the workers read their environment. */
export function loadWorkersConfig(env: Record<string, string | undefined> = Deno.env.toObject()) {
  return parseConfig(WorkersEnv, env, "workers");
}
