import { isIP } from 'node:net';
import { z } from 'zod';

const csv = z
  .string()
  .optional()
  .transform((v) =>
    v
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [],
  );

/** `10.0.0.1`, `10.0.0.0/8`, `::1` or `fd00::/8`. */
function isAddressOrCidr(range: string): boolean {
  const [address = '', prefix, ...rest] = range.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 6 ? 128 : 32));
}

/** Process configuration; parsed once at start so a bad value fails fast with a clear message. */
export const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /** PostgreSQL schema to work in (created when missing); unset, the connection's default search path. */
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/)
    .optional(),
  /** PostgreSQL: connections in the server's pool. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  /**
   * PostgreSQL: how long (ms) a request waits for a free pool connection before it is refused with
   * SERVER_BUSY (503, retry-after), so an overloaded server answers at once instead of queueing
   * callers for seconds. `0` = wait as long as it takes.
   */
  DATABASE_POOL_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /**
   * PostgreSQL: a statement running longer than this (ms) is cancelled and answers SERVER_BUSY. `0` =
   * no limit (the default: migrations at start and the ledger check of a large journal run longer).
   */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  REDIS_URL: z.string().url().optional(),
  /**
   * What every Redis key and channel of this deployment starts with, so that deployments sharing one
   * Redis never see each other's live events, settings changes or rate-limit counts. Unset:
   * `playhouse:`, followed by `DATABASE_SCHEMA:` when a schema is set.
   */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/)
    .optional(),
  PLAYHOUSE_ADMIN_PASSWORD: z.string().min(10).max(256).optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Addresses or CIDR ranges of reverse proxies whose X-Forwarded-For is believed. */
  TRUSTED_PROXIES: csv,
  /** The back office's own host name (`admin.example.com`): set, /bo answers only there and nothing else does. */
  BACKOFFICE_HOST: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, 'a host name without scheme or port')
    .optional(),
  /** Addresses or CIDR ranges that may read /metrics and the API docs in production without a staff token. */
  INTERNAL_NETWORKS: csv.refine(
    (ranges) => ranges.every(isAddressOrCidr),
    'must be IP addresses or CIDR ranges',
  ),
  /** Password of the first platform-console account `platform` (first start only); unset, generated and printed once. */
  PLATFORM_OWNER_PASSWORD: z.string().min(1).max(128).optional(),
  /** Seed the demo operator's content on first start (on by default, `0` to start empty). */
  SEED_DEMO: z.enum(['0', '1']).default('1'),
  /**
   * With the demo data, a second demo brand served on this host name (`brand2.localhost`: Chromium and
   * most systems resolve `*.localhost` to the loopback); `0`, the demo has one brand (decision 039).
   */
  DEMO_SECOND_BRAND: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, 'a host name without scheme or port, or 0')
    .default('brand2.localhost'),
  /** `smtp://user:pass@host:587` or `smtps://…`: e-mail goes out by SMTP; unset, the outbox only records it. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  /** Sender of outgoing e-mail. */
  SMTP_FROM: z.string().min(3).max(200).default('Playhouse <no-reply@localhost>'),
  /** The site's public address for links in e-mails (https://play.example.com); else the request's own host when it is one of the operator's domains. */
  PUBLIC_URL: z.string().url().optional(),
  /** HTTP SMS gateway (`https://sms.example.com/send`): SMS go out as `POST {to, text}`; unset, the outbox only records them. */
  SMS_GATEWAY_URL: z.string().url().optional(),
  /** Bearer token sent to SMS_GATEWAY_URL. */
  SMS_GATEWAY_TOKEN: z.string().min(1).max(1000).optional(),
  /**
   * Public address of the reference provider's demo pages (demo vendors, settings games.demoMode).
   * Unset, `npm start` starts the provider itself next to the server (DEMO_PROVIDER_PORT, `0` = any
   * free port) unless DEMO_PROVIDER is `0`.
   */
  DEMO_PROVIDER_URL: z.string().url().optional(),
  DEMO_PROVIDER: z.enum(['0', '1']).default('1'),
  DEMO_PROVIDER_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /**
   * The demo's payment gateway: with the demo data, `npm start` starts the reference gateway
   * (apps/reference-gateway) next to the server as REFPAY unless PAYMENT_GATEWAY is `0`, on
   * PAYMENT_GATEWAY_PORT (`0` = any free port); payers' browsers reach its hosted page at
   * PAYMENT_GATEWAY_PUBLIC_URL (default http://<host>:<port>). A real gateway is set up in the back
   * office instead (PUT /bo/api/payment-gateways/{code}).
   */
  PAYMENT_GATEWAY: z.enum(['0', '1']).default('1'),
  /**
   * Sign-ups one client address may make in an hour (username and mobile registration each). Raise
   * it where many players share one address (a carrier's NAT, an internet café, a test run).
   */
  REGISTER_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  /** SMS and e-mail codes one client address may request in an hour, and how many before a captcha. */
  SMS_LIMIT_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  SMS_CAPTCHA_AFTER: z.coerce.number().int().min(0).max(100_000).default(3),
  /**
   * The deposit reconciler (decision 018): every PAYMENT_RECONCILE_SECONDS (`0` = off) it asks the
   * gateway about online deposits still waiting after PAYMENT_RECONCILE_AFTER_MINUTES and settles them.
   */
  /** How often (ms) the draw engine makes upcoming draws and settles due ones (`0` = off). */
  DRAW_ENGINE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /**
   * How often (seconds) the agent commission job computes closed periods, pays approved commissions and
   * completes team transfers left half-done (`0` = off; every instance runs it, a lease per operator
   * picks one: decision 034).
   */
  AGENT_COMMISSION_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /**
   * How often (seconds) the report job counts new journal entries into the daily totals the dashboard
   * and reports read (`0` = off; every instance runs it, the watermark row picks one: decision 040).
   */
  REPORT_TOTALS_SECONDS: z.coerce.number().int().min(0).max(86_400).default(10),
  PAYMENT_RECONCILE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  PAYMENT_RECONCILE_AFTER_MINUTES: z.coerce.number().int().min(0).max(10_080).default(5),
  PAYMENT_GATEWAY_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  PAYMENT_GATEWAY_PUBLIC_URL: z.string().url().optional(),
  /** 32 bytes (64 hex digits or base64) that encrypt stored secrets; unset, a key kept in the database. */
  SECRETS_KEY: z.string().min(32).max(200).optional(),
  /** `npm run backup`: where dated backups go (default DATA_DIR/backups) and how many are kept. */
  BACKUP_DIR: z.string().optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(14),
  /** `npm run backup` keeps running and backs up every this many minutes (`0` = once and exit). */
  BACKUP_INTERVAL_MINUTES: z.coerce.number().min(0).max(100_000).default(0),
  /**
   * Graceful shutdown: on SIGTERM /readyz answers 503 for this long while requests are still served
   * (so a load balancer stops sending new ones), then the server stops listening and finishes what
   * is in flight.
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(0),
});
export type Env = z.infer<typeof EnvSchema>;

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  // Without it the key that seals stored secrets would sit in the database beside them.
  if (result.data.NODE_ENV === 'production' && !result.data.SECRETS_KEY)
    throw new Error(
      'Invalid environment:\n  SECRETS_KEY: required in production (32 random bytes as 64 hex digits or base64, e.g. `openssl rand -hex 32`)',
    );
  return result.data;
}

/** The Redis key and channel prefix of a deployment (see `REDIS_PREFIX`). */
export function redisPrefix(env: Pick<Env, 'REDIS_PREFIX' | 'DATABASE_SCHEMA'>): string {
  return env.REDIS_PREFIX ?? (env.DATABASE_SCHEMA ? `playhouse:${env.DATABASE_SCHEMA}:` : 'playhouse:');
}
