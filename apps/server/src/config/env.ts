import { z } from 'zod';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (the folder whose package.json declares the workspaces), from source or from dist. */
function findRepoRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const pkg = path.join(dir, 'package.json');
    if (fs.existsSync(pkg) && 'workspaces' in (JSON.parse(fs.readFileSync(pkg, 'utf8')) as object)) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}
export const repoRoot = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** `sqlite:PATH` (default data/portal.db) or `postgres://…`. */
  DATABASE_URL: z.string().default(`sqlite:${path.join(repoRoot, 'data', 'portal.db')}`),
  /** The origin customers reach the portal on; reset links point here. */
  PUBLIC_URL: z.url().optional(),
  /** Extra origins (comma-separated) a reset link may point at. */
  TRUSTED_ORIGINS: z.string().default(''),
  SMTP_URL: z.string().optional(),
  /**
   * The development outbox view (GET /api/dev/outbox, `npm run portal -- outbox`): the messages as
   * sent, secrets included, to requests from this machine. Unset: on when NODE_ENV is not
   * production. Never while SMTP_URL is set.
   */
  DEV_OUTBOX: bool.optional(),
  MAIL_FROM: z.string().default('Customer Hub <no-reply@portal.localhost>'),
  /**
   * Web push (decision 100): the contact a push service may write to about this sender (a
   * `mailto:` or `https:` URL), and the push services' origins a device's subscription may point
   * at (comma-separated; a host given as `.example.com` takes its subdomains). The server only
   * ever posts to these, never to an address a browser made up.
   */
  VAPID_SUBJECT: z.string().default('mailto:push@portal.localhost'),
  PUSH_SERVICE_ORIGINS: z.string().default('https://fcm.googleapis.com,https://updates.push.services.mozilla.com,https://.push.apple.com,https://.notify.windows.com'),
  /** Firebase Cloud Messaging for the native app's devices (decision 102): off until a project and an access token are set. */
  FCM_API_URL: z.string().default('https://fcm.googleapis.com'),
  FCM_PROJECT_ID: z.string().optional(),
  FCM_ACCESS_TOKEN: z.string().optional(),
  REDIS_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * `json` (one object per line, for a log collector) or `pretty` (a readable line per API call,
   * for a person at a terminal). Unset: pretty when NODE_ENV is development and the log goes to a
   * terminal, as under `npm start`; JSON otherwise.
   */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  /** Serve the built web app (apps/web/dist) from the same port. */
  SERVE_WEB: bool.default(true),
  /** Where the built web app is read from. */
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps', 'web', 'dist')),
  /**
   * SQLite's `synchronous` (decision 085): NORMAL (the default) keeps every acknowledged write
   * across a crash of the process; FULL also across a power loss or an operating-system crash, at
   * the cost of an fsync per commit. PostgreSQL is not affected.
   */
  SQLITE_SYNCHRONOUS: z.enum(['NORMAL', 'FULL']).default('NORMAL'),
  /** PostgreSQL connections per server process (docs/decisions/008). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).optional(),
  /**
   * How long opening a PostgreSQL connection may take before the database counts as unreachable
   * and the request is answered 503 (decision 088).
   */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(1_000),
  /** Serve the OpenAPI description at /api/docs (and /api/docs/json). */
  API_DOCS: bool.default(true),
  /**
   * Let the simulated payment gateway run under NODE_ENV=production: a demo or a staging copy.
   * Unset, a production server refuses to start while a company would pay through it (decision 054).
   */
  ALLOW_SIMULATED_GATEWAY: bool.default(false),
  /**
   * The key (32 bytes, base64) that encrypts each company's processor keys at rest (decision 103).
   * Unset, `set-gateway` refuses to store keys and no company can pay through a real processor.
   */
  PROCESSOR_KEYS_SECRET: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes in base64 (openssl rand -base64 32)')
    .optional(),
  /** Where the Stripe SDK sends its calls: Stripe's API, or a local fake in the tests and the benchmark. */
  STRIPE_API_URL: z.url().default('https://api.stripe.com'),
  /** Where the GoCardless SDK's calls go instead of GoCardless (a local fake in the tests and the benchmark); unset, GoCardless's API for the token's environment. */
  GOCARDLESS_API_URL: z.url().optional(),
  /** Seed the demo companies into an empty database at start-up. */
  SEED_DEMO: bool.default(true),
  /**
   * How long a class search answer is kept and shared by every family of the company asking the
   * same (decision 044); 0 turns the cache off.
   */
  CLASS_SEARCH_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** The live places one network address may hold in a registration's waiting room (decision 147). */
  WAITING_ROOM_PLACES_PER_ADDRESS: z.coerce.number().int().positive().default(50),
  /**
   * The captcha's work (decision 052): a browser derives up to this many PBKDF2 keys (5,000
   * rounds each) to answer a challenge, half of it at the least. The default takes a laptop well
   * under a second and a phone one to two; the tests set a handful.
   */
  CAPTCHA_MAX_COUNTER: z.coerce.number().int().min(2).max(100_000).default(1_000),
  COMPANY_SESSION_HOURS: z.coerce.number().positive().default(12),
  CUSTOMER_SESSION_DAYS: z.coerce.number().positive().default(30),
  /**
   * Per minute per IP: calls to registration, reset and contact each, and failed sign-ins (a wrong
   * password at sign-in, get-clients or get-by-email). A successful sign-in does not count, so the
   * families behind one school's address are never refused for sharing it (decision 090).
   */
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  /** Calls per minute of one signed-in session, whatever its address (a page load makes about eight). */
  SESSION_RATE_LIMIT: z.coerce.number().int().positive().default(600),
  /** Every sign-in call (company entry included) per minute per IP, failed or not: a flood guard, sized for a school's network. */
  SIGN_IN_CALL_LIMIT: z.coerce.number().int().positive().default(3_000),
  /**
   * Failed sign-ins per 15 minutes per e-mail address from one client address before sign-in
   * with it from there is refused until the window ends; a successful sign-in clears that count,
   * a completed reset every client address's. Also the number of reset requests per 15 minutes
   * per address.
   */
  AUTH_EMAIL_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  /**
   * Which proxies may set X-Forwarded-For (the client address the throttles count by): `false`,
   * a hop count such as `1` (one load balancer in front), or a comma-separated list of proxy
   * addresses or CIDR ranges. `true` trusts every hop, which lets a client choose its own address.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v): boolean | number | string[] => {
      if (v === 'false' || v === '0') return false;
      if (v === 'true') return true;
      if (/^[0-9]+$/.test(v)) return Number(v);
      return v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    }),
});

export type Env = z.infer<typeof envSchema>;

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty variable means "not set", as in most deployment tools.
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** Whether customers reach the portal over HTTPS: cookies are Secure and HSTS is sent then, whatever the proxy says. */
export function isPublicHttps(env: Pick<Env, 'PUBLIC_URL'>): boolean {
  return env.PUBLIC_URL ? new URL(env.PUBLIC_URL).protocol === 'https:' : false;
}

export function publicOrigin(env: Env): string {
  return env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : `http://localhost:${env.PORT}`;
}
