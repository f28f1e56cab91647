import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { plainToInstance, Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, MinLength, validateSync } from 'class-validator';
import { LOG_LEVELS, type LogLevel } from '../shared/logging/log-levels.js';
import { DEFAULT_QUEUE_SCHEMA } from '../shared/queues/queue-definitions.js';

const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));

/** Every environment variable the backend reads. `.env.example` documents each one. */
export class Env {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  /** How much the API and the worker log (one JSON line per event); unset, info (warn under NODE_ENV=test). */
  @IsOptional()
  @IsIn(LOG_LEVELS, { message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })
  LOG_LEVEL?: LogLevel;

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @IsOptional()
  @IsString()
  HOST?: string;

  /**
   * A port of its own for the Prometheus metrics (/metrics), served there without credentials and bound to
   * HOST, for a network only Prometheus reaches; unset, /metrics is on PORT behind the operators' credentials.
   */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  METRICS_PORT?: number;

  /** The worker's Prometheus metrics (/metrics, without credentials, bound to HOST) on this port; unset, none. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  WORKER_METRICS_PORT?: number;

  @Matches(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must be a postgres:// connection string' })
  DATABASE_URL!: string;

  @IsOptional()
  @Matches(/^rediss?:\/\//, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  REDIS_URL?: string;

  @IsString()
  REDIS_KEY_PREFIX = 'linkbio:';

  /**
   * Signs session cookies and keys what is derived from it. While rotating: a comma-separated list, newest
   * first; the newest signs, every one listed is still accepted (see `sessionSecrets`).
   */
  @IsString()
  @MinLength(32, { message: 'SESSION_SECRET must be at least 32 characters' })
  SESSION_SECRET!: string;

  /** Comma-separated origins allowed to send state-changing requests besides the request's own host. */
  @IsOptional()
  @IsString()
  ALLOWED_ORIGINS?: string;

  /** Express "trust proxy": false, true, a hop count or a list of addresses. */
  @IsString()
  TRUST_PROXY = 'false';

  @Transform(toInt)
  @IsInt()
  @Min(1)
  DATABASE_POOL_MAX = 10;

  /** Where the dashboard app's build is; served on the API's origin. */
  @IsString()
  DASHBOARD_DIST_DIR = fileURLToPath(new URL('../../../dashboard-app/dist', import.meta.url));

  /** Where the public app's build is (server entry and client files): the bio and booking pages. */
  @IsString()
  PUBLIC_APP_DIST_DIR = fileURLToPath(new URL('../../../public-app/dist', import.meta.url));

  /**
   * The Markdown of /privacy and /terms: the operator's own texts. Unset, the templates shipped in
   * backend/legal/ (which say they are templates to adapt). A file that cannot be read stops the API at start.
   */
  @IsString()
  PRIVACY_POLICY_FILE = fileURLToPath(new URL('../../legal/privacy.md', import.meta.url));

  @IsString()
  TERMS_FILE = fileURLToPath(new URL('../../legal/terms.md', import.meta.url));

  /**
   * The product's public address, for canonical and OpenGraph URLs and the links in e-mails; required in
   * production (unset elsewhere: each request's own origin). Calls from it pass the same-site check.
   */
  @IsOptional()
  @Matches(/^https?:\/\/[^/?#\s]+\/?$/, {
    message: 'PUBLIC_URL must be an http(s) origin such as https://linkbio.example, without a path',
  })
  PUBLIC_URL?: string;

  /** Stripe's secret key: set, payments go through Stripe; unset, through the local test provider. */
  @IsOptional()
  @Matches(/^(sk|rk)_(test|live)_\S+$/, { message: 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_… or sk_live_…)' })
  STRIPE_SECRET_KEY?: string;

  /** "true": production may run on the local test provider (no STRIPE_SECRET_KEY), where test cards pay. */
  @IsIn(['true', 'false'])
  ALLOW_LOCAL_PAYMENTS: 'true' | 'false' = 'false';

  /** Stripe's publishable key, given to the pages (GET /api/config) when Stripe is live. */
  @IsOptional()
  @Matches(/^pk_(test|live)_\S+$/, { message: 'STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_…)' })
  STRIPE_PUBLISHABLE_KEY?: string;

  /** Signing secret of the webhook endpoint (/api/webhooks/stripe); unset, every delivery is refused. */
  @IsOptional()
  @IsString()
  STRIPE_WEBHOOK_SECRET?: string;

  /** Price of Premium ($9.99 a month); unset, the active price with lookup key linkbio_premium_monthly. */
  @IsOptional()
  @Matches(/^price_\S+$/, { message: 'STRIPE_PRICE_ID must be a Stripe price id (price_…)' })
  STRIPE_PRICE_ID?: string;

  /** Another address for Stripe's API (a local stub in tests); unset: https://api.stripe.com. */
  @IsOptional()
  @Matches(/^https?:\/\/[^/?#\s]+\/?$/, { message: 'STRIPE_API_URL must be an http(s) origin' })
  STRIPE_API_URL?: string;

  /** Another origin in linktr.ee's place for the links import (a local stub in tests); unset: https://linktr.ee. */
  @IsOptional()
  @Matches(/^https?:\/\/[^/?#\s]+\/?$/, { message: 'LINKTREE_ORIGIN must be an http(s) origin' })
  LINKTREE_ORIGIN?: string;

  /** The Jitsi Meet server whose rooms a session type meeting in a generated room gets, one per booking. */
  @Matches(/^https:\/\/[^?#\s]+$/, { message: 'MEETING_ROOM_BASE_URL must be an https address such as https://meet.jit.si' })
  MEETING_ROOM_BASE_URL = 'https://meet.jit.si';

  /** SMTP server for e-mail (smtp://user:pass@host:587, smtps://…); unset, e-mails are written to MAIL_DIR. */
  @IsOptional()
  @Matches(/^smtps?:\/\//, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  /** Sender of every e-mail. */
  @IsString()
  MAIL_FROM = 'Linkbio <no-reply@linkbio.local>';

  /** Folder for e-mails as .eml files when SMTP_URL is unset; default DATA_DIR/mail (.data/mail). */
  @IsString()
  MAIL_DIR!: string;

  /** S3 bucket for uploaded images: set, images go to S3 (or an S3-compatible store); unset, to OBJECTS_DIR. */
  @IsOptional()
  @IsString()
  S3_BUCKET?: string;

  @IsString()
  S3_REGION = 'us-east-1';

  /** An S3-compatible service (MinIO, R2, …); unset: AWS S3. */
  @IsOptional()
  @Matches(/^https?:\/\/\S+$/, { message: 'S3_ENDPOINT must be an http(s) URL' })
  S3_ENDPOINT?: string;

  @IsOptional()
  @IsString()
  S3_ACCESS_KEY_ID?: string;

  @IsOptional()
  @IsString()
  S3_SECRET_ACCESS_KEY?: string;

  /** Where the bucket's objects are publicly readable (a CDN, an R2 public URL); unset: the bucket's URL. */
  @IsOptional()
  @Matches(/^https?:\/\/\S+$/, { message: 'S3_PUBLIC_BASE_URL must be an http(s) URL' })
  S3_PUBLIC_BASE_URL?: string;

  /** "true" for path-style bucket addresses (MinIO, most local servers). */
  @IsIn(['true', 'false'])
  S3_FORCE_PATH_STYLE: 'true' | 'false' = 'false';

  /** Folder for uploaded images when S3_BUCKET is unset; default DATA_DIR/objects (.data/objects). */
  @IsString()
  OBJECTS_DIR!: string;

  /** Secret for local upload URLs' signatures; unset, derived from SESSION_SECRET. */
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'OBJECT_SIGNING_SECRET must be at least 32 characters' })
  OBJECT_SIGNING_SECRET?: string;

  /** PostgreSQL schema of the job queues when REDIS_URL is unset (BullMQ's PostgreSQL backend). */
  @Matches(/^[a-z_][a-z0-9_]{0,62}$/, { message: 'QUEUE_SCHEMA must be a lowercase PostgreSQL identifier' })
  QUEUE_SCHEMA = DEFAULT_QUEUE_SCHEMA;

  /** How long a worker holds a job before another worker may take it over (a crashed worker's jobs). */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  WORKER_LOCK_MS = 30_000;

  /** How often workers look for jobs held by a crashed worker. */
  @Transform(toInt)
  @IsInt()
  @Min(500)
  WORKER_STALLED_CHECK_MS = 15_000;

  /** "false": this worker runs no repeating schedules (weekly payouts, sweeps), only jobs others enqueue. */
  @IsIn(['true', 'false'])
  WORKER_SCHEDULES: 'true' | 'false' = 'true';

  /** How often a worker running the schedules creates again any that the queue store lost (Redis flushed). */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  WORKER_SCHEDULES_CHECK_MS = 60_000;

  /** PayPal REST app's client id: set, PayPal e-mail payouts go through PayPal Payouts; unset, to operators. */
  @IsOptional()
  @IsString()
  PAYPAL_CLIENT_ID?: string;

  @IsOptional()
  @IsString()
  PAYPAL_CLIENT_SECRET?: string;

  /** PayPal's API (https://api-m.sandbox.paypal.com for the sandbox, a local stub in tests). */
  @Matches(/^https?:\/\/[^/?#\s]+\/?$/, { message: 'PAYPAL_API_URL must be an http(s) origin' })
  PAYPAL_API_URL = 'https://api-m.paypal.com';

  /** Operators' sign-in (HTTP Basic) for /admin/queues and /api/admin/*; unset, those stay closed (401). */
  @IsOptional()
  @IsString()
  OPERATOR_USER?: string;

  @IsOptional()
  @IsString()
  @MinLength(12, { message: 'OPERATOR_PASSWORD must be at least 12 characters' })
  OPERATOR_PASSWORD?: string;
}

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Reads and checks the environment; an empty variable counts as unset (as `VAR=` in .env or `${VAR:-}` in
 * compose files give). Throws, naming every problem, one line each: a process refuses to start on it.
 */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const given = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const dataDir = given.DATA_DIR ?? '.data';
  const withDefaults = {
    ...given,
    MAIL_DIR: given.MAIL_DIR || resolve(ROOT, dataDir, 'mail'),
    OBJECTS_DIR: given.OBJECTS_DIR || resolve(ROOT, dataDir, 'objects'),
  };
  const env = plainToInstance(Env, withDefaults, { exposeDefaultValues: true, excludeExtraneousValues: false });
  const problems = [
    ...validateSync(env, { whitelist: false }).flatMap((e) => Object.values(e.constraints ?? {}).map((m) => `${e.property}: ${m}`)),
    ...sessionSecretProblems(env),
    ...productionRefusals(env),
    ...legalFileProblems(env),
  ];
  if (problems.length === 1) throw new Error(`Invalid environment: ${problems[0]}`);
  if (problems.length > 1) throw new Error(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  return env;
}

/** The legal texts' files must be readable Markdown with something in it: a bad path stops the start, not a page. */
function legalFileProblems(env: Env): string[] {
  const problems: string[] = [];
  for (const variable of ['PRIVACY_POLICY_FILE', 'TERMS_FILE'] as const) {
    const file = env[variable];
    if (typeof file !== 'string') continue;
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const reason = code === 'ENOENT' ? 'there is no such file' : code === 'EISDIR' ? 'it is a folder' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
      problems.push(`${variable}: cannot read ${file} (${reason}); set it to a readable Markdown file, or unset it to serve the template`);
      continue;
    }
    if (text.trim() === '') problems.push(`${variable}: ${file} is empty; write the text in it, or unset it to serve the template`);
  }
  return problems;
}

/** SESSION_SECRET's secrets, newest first: one, or a comma-separated list while rotating. */
export function sessionSecrets(env: Pick<Env, 'SESSION_SECRET'>): string[] {
  return env.SESSION_SECRET.split(',').map((secret) => secret.trim());
}

function sessionSecretProblems(env: Env): string[] {
  if (typeof env.SESSION_SECRET !== 'string' || !env.SESSION_SECRET.includes(',')) return [];
  const secrets = sessionSecrets(env);
  if (secrets.some((secret) => secret.length < 32)) {
    return ['SESSION_SECRET: each secret in the list (newest first, separated by commas) must be at least 32 characters'];
  }
  if (new Set(secrets).size !== secrets.length) return ['SESSION_SECRET: the list names the same secret twice'];
  return [];
}

/** What production must not run with: settings that are fine on one machine but unsafe on the internet. */
function productionRefusals(env: Env): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const refusals: string[] = [];
  if (!env.STRIPE_SECRET_KEY && env.ALLOW_LOCAL_PAYMENTS !== 'true') {
    refusals.push(
      'STRIPE_SECRET_KEY: NODE_ENV=production refuses the local test payment provider, where the test card ' +
        '4242 4242 4242 4242 pays for bookings and Premium; set STRIPE_SECRET_KEY, or ALLOW_LOCAL_PAYMENTS=true ' +
        'for an install where that is intended',
    );
  }
  if (!env.PUBLIC_URL) {
    refusals.push(
      'PUBLIC_URL: NODE_ENV=production requires the public address (such as https://linkbio.example), else ' +
        "canonical and OpenGraph URLs would carry whatever Host header a request sends",
    );
  }
  return refusals;
}

/** Origins allowed to send state-changing calls besides the request's own: ALLOWED_ORIGINS and PUBLIC_URL's. */
export function allowedOrigins(env: Pick<Env, 'ALLOWED_ORIGINS' | 'PUBLIC_URL'>): string[] {
  const listed = (env.ALLOWED_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean);
  return env.PUBLIC_URL ? [...new Set([...listed, new URL(env.PUBLIC_URL).origin])] : listed;
}

export function trustProxySetting(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false' || value === '') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
