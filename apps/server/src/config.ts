import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { TEXT_LIMITS } from '@ezrecharge/shared';
import { z } from 'zod';
import { FIUU_CHANNEL_CODES } from './gateways/fiuu/fiuu-channels';
import { STRIPE_METHOD_CODES } from './gateways/stripe/stripe-methods';
import { isTimeZone } from './infra/shop-time';

/**
 * The environment of DESIGN.md §3, read and validated once at start. This is the only module that reads
 * process.env; everything else receives a `Config`.
 */

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const httpUrl = z
  .string()
  .trim()
  .refine((v) => /^https?:\/\/[^\s/]+/.test(v) && URL.canParse(v), 'must be an http(s) URL');

const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  PUBLIC_URL: httpUrl.optional(),
  DATABASE_URL: optionalText.refine(
    (v) => v === undefined || v === 'memory://' || /^postgres(ql)?:\/\/.+/.test(v),
    'must be postgres://… or memory://',
  ),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  APP_SECRET: optionalText.refine((v) => v === undefined || v.length >= 32, 'must be at least 32 characters'),
  // Issue #31: keys for rotation, newest first, comma-separated. New data is sealed and hashed with the first; data
  // sealed with any of them stays readable (infra/sealed.ts), sessions hashed with any stay valid (infra/auth.ts).
  APP_SECRETS: optionalText.refine(
    (v) => v === undefined || splitSecrets(v).every((key) => key.length >= 32),
    'must be keys of at least 32 characters each, comma-separated, newest first',
  ),
  // Issue #31 (DESIGN.md §3): the bearer token Prometheus sends for GET /metrics; unset = no /metrics on the web port.
  METRICS_TOKEN: optionalText.refine(
    (v) => v === undefined || v.length >= 16,
    'must be at least 16 characters',
  ),
  // Issue #31 (no DESIGN.md §3 row): a listener of its own for GET /metrics (the worker has no other), on METRICS_HOST.
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  // Issue #31 (no DESIGN.md §3 row): `npm run backup` encrypts the generated key into the backup with it, and
  // `npm run restore` decrypts it (docs/operations.md). Read only by those two commands.
  BACKUP_PASSPHRASE: optionalText.refine(
    (v) => v === undefined || v.length >= 12,
    'must be at least 12 characters',
  ),
  ADMIN_USERNAME: z.string().trim().min(1).max(TEXT_LIMITS.usernameMax).default('admin'),
  ADMIN_PASSWORD: optionalText.refine(
    (v) => v === undefined || (v.length >= TEXT_LIMITS.passwordMin && v.length <= TEXT_LIMITS.passwordMax),
    `must be ${TEXT_LIMITS.passwordMin} to ${TEXT_LIMITS.passwordMax} characters`,
  ),
  ADMIN_EMAIL: z.email('must be an e-mail address').default('admin@example.com'),
  SMTP_URL: optionalText.refine(
    (v) => v === undefined || /^smtps?:\/\/.+/.test(v),
    'must be smtp://… or smtps://…',
  ),
  MAIL_FROM: z.string().trim().min(3).default('EzRecharge <no-reply@ezrecharge.local>'),
  FIUU_MERCHANT_ID: optionalText,
  FIUU_VERIFY_KEY: optionalText,
  FIUU_SECRET_KEY: optionalText,
  // Fiuu has two hosts (spec v13.86 "Merchant Request APIs" notes): the payment host serves the hosted page
  // (/RMS/pay/{merchant}/) and the IPN endpoint, the API host the status requery and refunds. Each variable is the
  // host's base, never a page path.
  FIUU_PAYMENT_URL: httpUrl
    .refine(
      (v) => !/\/RMS\/pay\/?$/i.test(v),
      'is the payment host (https://pay.fiuu.com), not the /RMS/pay page',
    )
    .optional(),
  FIUU_API_URL: httpUrl.optional(),
  // The merchant-portal switch that adds the currency to the vcode (enabled per merchant by Fiuu support).
  FIUU_EXTENDED_VCODE: z.enum(['0', '1', '']).optional(),
  // Issue #30 (no DESIGN.md §3 row): the Fiuu channels the buyer may choose on our page, comma-separated Fiuu channel
  // codes (FPX_MB2U, RPP_DuitNowQR, TNG-EWALLET, credit, PayNow…): the ones the merchant account has switched on.
  // Unset: every channel of gateways/fiuu/fiuu-channels.ts; `none`: no choice on our page (Fiuu's page chooses).
  FIUU_CHANNELS: optionalText.superRefine(knownCodes('Fiuu channel codes', FIUU_CHANNEL_CODES)),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_BASE: httpUrl.optional(),
  // Issue #30 (no DESIGN.md §3 row): the Stripe payment methods a buyer of a Stripe currency may choose on our page
  // (card, alipay, wechat_pay: the ones the account has switched on). Unset: every method of
  // gateways/stripe/stripe-methods.ts its currency takes; `none`: no choice on our page (Checkout shows the account's).
  STRIPE_METHODS: optionalText.superRefine(knownCodes('Stripe payment method types', STRIPE_METHOD_CODES)),
  BIGO_API_BASE: httpUrl.optional(),
  BIGO_CLIENT_ID: optionalText,
  BIGO_PRIVATE_KEY: optionalText,
  BIGO_SIGN_ALG: z.enum(['RS256', 'ES256']).default('RS256'),
  BIGO_RESELLER_ID: optionalText,
  // The issue asks for a configurable threshold of the reseller-balance warning (DESIGN.md §3 has no row for it):
  // diamonds; an order's precheck reporting less e-mails ADMIN_EMAIL, at most once an hour; 0 turns it off.
  BIGO_BALANCE_ALERT_BELOW: z.coerce.number().int().min(0).default(100_000),
  // Issue #26 (no DESIGN.md §3 row): what happens to a second payment captured for an order already paid. `confirm`
  // (default): it waits in the operator's "paid twice" queue until refunded from the console; `auto`: refunded at
  // once through the gateway (an online-banking one still waits: its refund needs the buyer's bank details).
  EXTRA_PAYMENT_REFUND: z.enum(['confirm', 'auto']).default('confirm'),
  // Issue #29: how long a risk review usually takes (told to the buyer), and after how long an undecided hold is
  // e-mailed to ADMIN_EMAIL.
  RISK_REVIEW_HOURS: z.coerce.number().int().min(1).max(168).default(4),
  RISK_HOLD_ALERT_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  // DESIGN.md §3: the shop's day and the times its e-mails show (an IANA zone this Node.js knows).
  SHOP_TIME_ZONE: z
    .string()
    .default('Asia/Singapore')
    .refine(isTimeZone, 'must be an IANA time zone such as Asia/Singapore'),
  REDIS_URL: optionalText.refine((v) => v === undefined || /^rediss?:\/\/.+/.test(v), 'must be redis://…'),
  // Issue #12 (no DESIGN.md §3 row): `0` makes a web process serve HTTP only, leaving the jobs to worker processes
  // (`npm run worker`) on the same PostgreSQL database. Default `1`: one process does everything.
  RUN_JOBS: z.enum(['0', '1', '']).optional(),
  // Issue #15 (no DESIGN.md §3 row): the reverse proxies whose X-Forwarded-For is believed. A hop count, or a
  // comma-separated list of addresses, CIDR ranges and proxy-addr's names (loopback, linklocal, uniquelocal).
  // Unset or 0: no proxy is trusted, the client address is the socket's.
  TRUST_PROXY: optionalText.refine(
    (v) => v === undefined || parseTrustProxy(v) !== undefined,
    'must be a hop count (1) or addresses and CIDR ranges (127.0.0.1, 10.0.0.0/8, loopback)',
  ),
  NODE_ENV: optionalText,
  ALLOW_SANDBOX: z.enum(['0', '1', '']).optional(),
});

/** FIUU_CHANNELS and STRIPE_METHODS as a list: comma-separated, blanks ignored. */
function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** A channel list variable's check: `none`, or codes the shop knows (in any case), comma-separated. */
function knownCodes(what: string, codes: readonly string[]) {
  const known = new Set(codes.map((c) => c.toLowerCase()));
  return (value: string | undefined, ctx: z.RefinementCtx) => {
    if (value === undefined || value === 'none') return;
    const listed = splitList(value);
    const unknown = listed.length === 0 ? ['(empty)'] : listed.filter((c) => !known.has(c.toLowerCase()));
    if (unknown.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `names ${unknown.join(', ')}: must be ${what}, comma-separated (known: ${codes.join(', ')}), or none`,
      });
    }
  };
}

/** A channel list variable read: undefined (unset: every known one), [] (`none`) or the codes listed. */
function channelChoice(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  return value === 'none' ? [] : splitList(value);
}

/** APP_SECRETS as a list: comma-separated, blanks ignored. */
function splitSecrets(value: string): string[] {
  return value
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY as Fastify's `trustProxy` takes it (hops, or proxy-addr's list); undefined when it is not valid. */
export function parseTrustProxy(value: string): number | string[] | undefined {
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 10 ? hops : undefined;
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const valid = (entry: string) => {
    if (PROXY_NAMES.has(entry)) return true;
    const [address = '', bits, extra] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || extra !== undefined) return false;
    if (bits === undefined) return true;
    const n = /^\d+$/.test(bits) ? Number(bits) : -1;
    return n >= 0 && n <= (family === 4 ? 32 : 128);
  };
  return entries.length > 0 && entries.every(valid) ? entries : undefined;
}

export type DatabaseConfig =
  | { kind: 'pglite'; dir: string }
  | { kind: 'memory' }
  | { kind: 'postgres'; url: string };

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  database: DatabaseConfig;
  dataDir: string;
  /** The newest key (APP_SECRETS' first, or APP_SECRET). Unset: generated once into DATA_DIR (infra/data-dir.ts). */
  appSecret: string | undefined;
  /** APP_SECRETS after the first: older keys, still read (sealed data, session hashes), never written with. */
  olderAppSecrets: string[];
  /** METRICS_TOKEN: bearer token of GET /metrics; undefined = /metrics only on METRICS_PORT, if that is set. */
  metricsToken: string | undefined;
  /** BACKUP_PASSPHRASE: encrypts the generated key carried in a backup. */
  backupPassphrase: string | undefined;
  /** METRICS_PORT / METRICS_HOST: a separate listener for /metrics (web and worker processes alike). */
  metricsListener: { port: number; host: string } | undefined;
  admin: { username: string; password: string | undefined; email: string };
  mail: { smtpUrl: string | undefined; from: string };
  fiuu:
    | { merchantId: string; verifyKey: string; secretKey: string; paymentUrl: string; apiUrl: string }
    | undefined;
  /** FIUU_EXTENDED_VCODE=1: the vcode carries the currency (for the real Fiuu and the sandbox alike). */
  fiuuExtendedVcode: boolean;
  /**
   * FIUU_CHANNELS: the Fiuu channel codes offered on our page; undefined = every known channel; [] = none (Fiuu's
   * page chooses, as before issue #30).
   */
  fiuuChannels: string[] | undefined;
  stripe: { secretKey: string; webhookSecret: string; apiBase: string | undefined } | undefined;
  /** STRIPE_METHODS: the Stripe methods offered on our page; undefined = every known one; [] = none. */
  stripeMethods: string[] | undefined;
  bigo:
    | {
        apiBase: string;
        clientId: string;
        privateKey: string;
        signAlg: 'RS256' | 'ES256';
        resellerId: string | undefined;
      }
    | undefined;
  /** Reseller diamond balance below which ADMIN_EMAIL is warned (0 = never). */
  bigoBalanceAlertBelow: number;
  /** EXTRA_PAYMENT_REFUND: refund a second payment for an order at once (`auto`) or after an operator confirms. */
  extraPaymentRefund: 'confirm' | 'auto';
  /** Issue #29 RISK_REVIEW_HOURS: how long checking a held order usually takes, as the buyer is told. */
  riskReviewHours: number;
  /** Issue #29 RISK_HOLD_ALERT_HOURS: an order held this long without a decision is e-mailed to ADMIN_EMAIL. */
  riskHoldAlertHours: number;
  /** SHOP_TIME_ZONE: the shop's IANA time zone (its day, the times in e-mails). */
  shopTimeZone: string;
  redisUrl: string | undefined;
  /** TRUST_PROXY parsed: hops or addresses/CIDRs whose X-Forwarded-For names the client; undefined = none. */
  trustProxy: number | string[] | undefined;
  /** RUN_JOBS: whether the web process runs the job workers too (the worker process always does). */
  runJobs: boolean;
  production: boolean;
  /** True when any far end (payment or delivery) is the built-in sandbox. */
  sandbox: boolean;
  version: string;
}

/** Groups whose variables only make sense together: half a gateway configuration is an error, not a sandbox. */
const GROUPS: Record<string, readonly (keyof z.infer<typeof ZEnv>)[]> = {
  Fiuu: ['FIUU_MERCHANT_ID', 'FIUU_VERIFY_KEY', 'FIUU_SECRET_KEY'],
  Stripe: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
  BIGO: ['BIGO_API_BASE', 'BIGO_CLIENT_ID', 'BIGO_PRIVATE_KEY'],
};

function describeValue(env: NodeJS.ProcessEnv, name: string): string {
  const raw = env[name];
  if (raw === undefined) return 'unset';
  // Never echo secrets back, even in an error line.
  if (/SECRET|PASSWORD|KEY|TOKEN/.test(name)) return 'hidden';
  return JSON.stringify(raw.length > 60 ? `${raw.slice(0, 60)}…` : raw);
}

function readVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      version?: unknown;
    };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** Parses the environment; throws ConfigError with one line naming the variable on the first bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(`${name} ${issue?.message ?? 'is invalid'} (value: ${describeValue(env, name)})`);
  }
  const e = parsed.data;

  for (const [gateway, names] of Object.entries(GROUPS)) {
    const set = names.filter((n) => e[n] !== undefined);
    if (set.length > 0 && set.length < names.length) {
      const missing = names.filter((n) => e[n] === undefined);
      throw new ConfigError(
        `${missing[0]} must be set together with ${set.join(', ')} (${gateway} is either fully configured or the built-in sandbox)`,
      );
    }
  }

  if (e.APP_SECRET !== undefined && e.APP_SECRETS !== undefined) {
    throw new ConfigError(
      'APP_SECRET and APP_SECRETS are both set: keep one (APP_SECRETS lists every key, newest first)',
    );
  }
  const [newestSecret, ...olderAppSecrets] = e.APP_SECRETS ? splitSecrets(e.APP_SECRETS) : [];

  const production = e.NODE_ENV === 'production';
  const fiuu =
    e.FIUU_MERCHANT_ID && e.FIUU_VERIFY_KEY && e.FIUU_SECRET_KEY
      ? {
          merchantId: e.FIUU_MERCHANT_ID,
          verifyKey: e.FIUU_VERIFY_KEY,
          secretKey: e.FIUU_SECRET_KEY,
          paymentUrl: e.FIUU_PAYMENT_URL ?? 'https://pay.fiuu.com',
          apiUrl: e.FIUU_API_URL ?? 'https://api.fiuu.com',
        }
      : undefined;
  const stripe =
    e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
      ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiBase: e.STRIPE_API_BASE }
      : undefined;
  const bigo =
    e.BIGO_API_BASE && e.BIGO_CLIENT_ID && e.BIGO_PRIVATE_KEY
      ? {
          apiBase: e.BIGO_API_BASE,
          clientId: e.BIGO_CLIENT_ID,
          privateKey: e.BIGO_PRIVATE_KEY,
          signAlg: e.BIGO_SIGN_ALG,
          resellerId: e.BIGO_RESELLER_ID,
        }
      : undefined;
  const sandbox = !fiuu || !stripe || !bigo;
  if (production && sandbox && e.ALLOW_SANDBOX !== '1') {
    const missing = [!fiuu && 'FIUU_*', !stripe && 'STRIPE_*', !bigo && 'BIGO_*'].filter(Boolean).join(', ');
    throw new ConfigError(
      `NODE_ENV=production refuses the built-in sandbox: set ${missing} (or ALLOW_SANDBOX=1 for a staging site)`,
    );
  }

  const dataDir = path.resolve(e.DATA_DIR);
  let database: DatabaseConfig;
  if (e.DATABASE_URL === 'memory://') database = { kind: 'memory' };
  else if (e.DATABASE_URL) database = { kind: 'postgres', url: e.DATABASE_URL };
  else database = { kind: 'pglite', dir: path.join(dataDir, 'pg') };

  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    database,
    dataDir,
    appSecret: newestSecret ?? e.APP_SECRET,
    olderAppSecrets,
    metricsToken: e.METRICS_TOKEN,
    backupPassphrase: e.BACKUP_PASSPHRASE,
    metricsListener: e.METRICS_PORT ? { port: e.METRICS_PORT, host: e.METRICS_HOST } : undefined,
    admin: { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD, email: e.ADMIN_EMAIL },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    fiuu,
    fiuuExtendedVcode: e.FIUU_EXTENDED_VCODE === '1',
    fiuuChannels: channelChoice(e.FIUU_CHANNELS),
    stripe,
    stripeMethods: channelChoice(e.STRIPE_METHODS),
    bigo,
    bigoBalanceAlertBelow: e.BIGO_BALANCE_ALERT_BELOW,
    extraPaymentRefund: e.EXTRA_PAYMENT_REFUND,
    riskReviewHours: e.RISK_REVIEW_HOURS,
    riskHoldAlertHours: e.RISK_HOLD_ALERT_HOURS,
    shopTimeZone: e.SHOP_TIME_ZONE,
    redisUrl: e.REDIS_URL,
    trustProxy: e.TRUST_PROXY === undefined ? undefined : parseTrustProxy(e.TRUST_PROXY) || undefined,
    runJobs: e.RUN_JOBS !== '0',
    production,
    sandbox,
    version: readVersion(),
  };
}
