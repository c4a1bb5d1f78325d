import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { TEXT_LIMITS } from '@ezrecharge/shared';
import { z } from 'zod';
import { type DatabaseConfig, httpUrl, optionalText } from './config-fields';
import { type BuiltInProviderConfigs, providerDescriptors } from './gateways/payment-providers';
import type { ProviderConfigBase, ProviderDescriptor } from './gateways/provider-descriptor';
import { isTimeZone } from './infra/shop-time';

/**
 * The environment of DESIGN.md §3, read and validated once at start. This is the only module that reads
 * process.env; everything else receives a `Config`.
 */

export class ConfigError extends Error {
  override name = 'ConfigError';
}

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
  // The payment providers' variables (FIUU_*, STRIPE_*) come from their descriptors (loadConfig adds them).
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

export type { DatabaseConfig } from './config-fields';

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
  /**
   * The payment providers of this process (gateways/payment-providers.ts: the registry's, and any a test adds), in
   * routing order; everything that concerns a provider reads them from here.
   */
  providers: readonly ProviderDescriptor[];
  /** Each provider's configuration, by id, as its descriptor parsed it (`payments.fiuu.channels`). */
  payments: PaymentConfigs;
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

export type PaymentConfigs = BuiltInProviderConfigs & { readonly [id: string]: ProviderConfigBase };

/** BIGO's variables only make sense together (each payment provider declares its own such group). */
const BIGO_GROUP = ['BIGO_API_BASE', 'BIGO_CLIENT_ID', 'BIGO_PRIVATE_KEY'] as const;

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

export interface LoadConfigOptions {
  /** Payment providers besides the registry's (a test's own provider): their variables are read too. */
  providers?: readonly ProviderDescriptor[];
}

/** The ConfigError of a schema's first issue: one line naming the variable (its value only when not secret). */
function firstIssue(error: z.ZodError, env: NodeJS.ProcessEnv): ConfigError {
  const issue = error.issues[0];
  const name = String(issue?.path[0] ?? 'environment');
  return new ConfigError(`${name} ${issue?.message ?? 'is invalid'} (value: ${describeValue(env, name)})`);
}

/** Parses the environment; throws ConfigError with one line naming the variable on the first bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, options: LoadConfigOptions = {}): Config {
  const providers = providerDescriptors(options.providers);
  const providerSchema = z.object(Object.assign({}, ...providers.map((p) => p.variables)));
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) throw firstIssue(parsed.error, env);
  const e = parsed.data;
  // The payment providers' own variables, each validated as its descriptor declares it.
  const ownParsed = providerSchema.safeParse(env);
  if (!ownParsed.success) throw firstIssue(ownParsed.error, env);

  const groups: [string, readonly string[]][] = [
    ...providers.map((p): [string, readonly string[]] => [p.displayName, p.requiredTogether]),
    ['BIGO', BIGO_GROUP],
  ];
  const values: Record<string, unknown> = { ...e, ...ownParsed.data };
  for (const [gateway, names] of groups) {
    const set = names.filter((n) => values[n] !== undefined);
    if (set.length > 0 && set.length < names.length) {
      const missing = names.filter((n) => values[n] === undefined);
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
  const payments: Record<string, ProviderConfigBase> = {};
  for (const provider of providers) payments[provider.id] = provider.parseConfig(values);
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
  const onSandbox = [
    ...providers.filter((p) => !payments[p.id]?.live).map((p) => `${p.variablePrefix}_*`),
    ...(bigo ? [] : ['BIGO_*']),
  ];
  const sandbox = onSandbox.length > 0;
  if (production && sandbox && e.ALLOW_SANDBOX !== '1') {
    const missing = onSandbox.join(', ');
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
    providers,
    // Every provider's entry is there: the loop above parsed one per descriptor, the built-in ones included.
    payments: payments as PaymentConfigs,
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
