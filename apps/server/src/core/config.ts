import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import { ROOT_DIR } from './paths';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
/** `Display name <address>` or a bare address. */
const MAIL_FROM_RE = /^(?:(.*?)\s*<([^\s<>@]+@[^\s<>@]+)>|([^\s<>@]+@[^\s<>@]+))$/;
/** Who notices come from when MAIL_FROM names an address only. */
const PRODUCT_NAME = '费用管理系统';

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: int(1, 65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** A streaming replica of DATABASE_URL that report reads use; see docs/decisions/014. */
  REPLICA_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  REPLICA_RETRY_SECONDS: int(1, 3600).default(30),
  /** 0 never judges the replica by its lag. */
  REPLICA_MAX_LAG_SECONDS: int(0, 86_400).default(30),
  DATA_DIR: z.string().default('data'),
  /** Demo data loads on an empty database unless production; LOAD_DEMO_DATA=true asks for it there too. */
  LOAD_DEMO_DATA: bool.optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: int(5, 86_400).default(1800),
  REFRESH_TOKEN_TTL_SECONDS: int(60, 30 * 86_400).default(12 * 3600),
  LOGIN_MAX_FAILURES: int(1, 100).default(5),
  LOGIN_LOCK_MINUTES: int(1, 1440).default(15),
  TOKEN_RATE_LIMIT_PER_MINUTE: int(1, 10_000).default(30),
  /** Which peers may set X-Forwarded-For: a hop count, or a comma list of addresses/CIDRs; unset trusts nobody. */
  TRUST_PROXY: z.string().optional(),
  IDLE_TIMEOUT_MS: int(1000, 86_400_000).default(7_200_000),
  IDLE_CHECK_INTERVAL_MS: int(100, 3_600_000).default(60_000),
  SSO_PUBLIC_KEY_FILE: z.string().optional(),
  SSO_ISSUER: z.string().optional(),
  SSO_AUDIENCE: z.string().optional(),
  AMEX_PUBLIC_KEY_FILE: z.string().optional(),
  AMEX_ISSUER: z.string().optional(),
  /** JSON list of {ClientId, Secret, Scopes[]} allowed to take open-API tokens. */
  OPENAPI_CLIENTS: z.string().optional(),
  ANALYTICS_URL: z.url().optional(),
  /** The SAP middleware's vendor-search endpoint; unset answers from the vendor master kept here. */
  SAP_VENDOR_URL: z.url().optional(),
  /** The travel-management company's site (booking page and order feed); unset, this server simulates it at /tmc-sim. */
  TMC_URL: z.url().optional(),
  /** How often the TMC's order feed is polled when TMC_URL is set (cron, Shanghai time). */
  TMC_POLL_CRON: z.string().trim().min(9).max(100).default('*/10 * * * *'),
  /** How long the signed hand-over to the TMC's booking site stays valid. */
  TMC_TOKEN_TTL_SECONDS: int(30, 86_400).default(900),
  /** The card issuer's transaction feed, polled hourly; unset, transactions come by statement import only. */
  CARD_ISSUER_URL: z.url().optional(),
  /** smtp://user:pass@host:587 or smtps://…; unset keeps notices as files in DATA_DIR/mail. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  /** The folder the bank collects payment files from; unset, remittance files go to DATA_DIR/bank as CSV. */
  BANK_FILE_DIR: z.string().optional(),
  /**
   * The layout of the bank's payment file in BANK_FILE_DIR for a run without a paying account: `csv` the generic CSV
   * with CNAPS codes, `xml` ISO 20022 pain.001.001.03 (docs/decisions/048). A paying account chooses its own.
   */
  BANK_FILE_LAYOUT: z.enum(['csv', 'xml']).default('csv'),
  /** The bank's direct-link status service (POST {url}/payments/status); unset, the built-in simulator answers. */
  BANK_STATUS_URL: z.url().optional(),
  BANK_STATUS_TIMEOUT_MS: int(100, 600_000).default(30_000),
  /** Accounts the bank simulator refuses, with the reason it gives: `6222000000004040=账户不存在,…`. */
  BANK_SIMULATE_FAILURES: z.string().optional(),
  /** The invoice service's base address; unset, this server's own simulator reads and checks fapiao offline. */
  INVOICE_SERVICE_URL: z.url().optional(),
  /** The customer's SAP middleware that books vouchers; unset, the built-in ERP simulator answers. */
  ERP_URL: z.url().optional(),
  ERP_TIMEOUT_MS: int(100, 600_000).default(30_000),
  /** Documents (or posting references) the ERP simulator fails: `DOC-1=refuse,DOC-2=timeout,DOC-3=unreachable`. */
  ERP_SIMULATE_FAILURES: z.string().optional(),
  /**
   * The domain of the wallets' forwarding addresses (`<token>@domain`), whose mail a mail server delivers into
   * WALLET_MAILDIR; unset, the built-in simulated mail server delivers what is sent from the wallet page.
   */
  WALLET_MAIL_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(
      /^(?=.{1,200}$)([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/,
      'must be a mail domain such as fapiao.example.com',
    )
    .optional(),
  /** The Maildir (with new/, cur/ and tmp/) the wallets' mail is delivered to; unset, DATA_DIR/wallet-mail. */
  WALLET_MAILDIR: z.string().optional(),
  /** The sender of notices, `Display name <address>`; a bare address shows the product's name. */
  MAIL_FROM: z
    .string()
    .trim()
    .regex(MAIL_FROM_RE, 'must be an e-mail address or "Display name <address>"')
    .default('费用管理系统 <no-reply@localhost>'),
  /** The address people open the product at, for the links in notices; unset, http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  WEB_DIST: z.string().default('apps/web/dist'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** How long a stop signal may take to drain requests and jobs before the process gives up and exits non-zero. */
  SHUTDOWN_TIMEOUT_MS: int(1000, 600_000).default(30_000),
  /**
   * Outbound calls: how long a call may run before its job counts as abandoned (a worker that died mid-call), how
   * often the queue looks for such jobs, and the delay before the first retry (doubled after each).
   */
  JOB_EXPIRE_SECONDS: int(1, 86_400).default(300),
  JOB_MAINTENANCE_SECONDS: int(1, 3600).default(120),
  JOB_RETRY_DELAY_SECONDS: int(1, 3600).default(30),
});

export interface OpenApiClient {
  ClientId: string;
  Secret: string;
  Scopes: string[];
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** Where report reads go, and how long the primary stands in after the replica failed or fell behind. */
  replica: { url: string; retrySeconds: number; maxLagSeconds: number } | undefined;
  dataDir: string;
  /** Where and in which layout remittance files go to the bank; undefined: the built-in file under dataDir. */
  bank: { dir: string; layout: 'csv' | 'xml' } | undefined;
  loadDemoData: boolean;
  jwtSecret: string | undefined;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  loginMaxFailures: number;
  loginLockMinutes: number;
  tokenRateLimitPerMinute: number;
  /** Fastify's `trustProxy`: false, a hop count, or the proxies' addresses/CIDRs. */
  trustProxy: false | number | string[];
  idleTimeoutMs: number;
  idleCheckIntervalMs: number;
  sso: { publicKeyFile: string; issuer: string | undefined; audience: string | undefined } | undefined;
  amex: { publicKeyFile: string; issuer: string | undefined } | undefined;
  openApiClients: OpenApiClient[];
  analyticsUrl: string | undefined;
  /** The SAP vendor search of the customer's middleware; unset uses the built-in simulator. */
  sapVendorUrl: string | undefined;
  tmc: { url: string | undefined; pollCron: string; tokenTtlSeconds: number };
  /** The card issuer's transaction feed (business cards); unset, statements are imported. */
  cardIssuerUrl: string | undefined;
  /** The mail server notices go through; unset writes them to the data folder. */
  smtp: { url: string } | undefined;
  /** The sender every notice's mail names (its `From`), whichever way it goes. */
  mailFrom: { name: string; address: string };
  /**
   * The wallets' forwarding addresses (decision 067): their domain and the Maildir their mail arrives in; `simulated`
   * when no domain is configured, and the built-in mail server delivers what the wallet page sends.
   */
  walletMail: { domain: string; maildir: string; simulated: boolean };
  /** Where people open the product (no trailing slash): the links in notices start with it. */
  publicUrl: string;
  /** The invoice service's base address (DESIGN §13); unset, the built-in simulator answers. */
  invoiceServiceUrl: string | undefined;
  /** The ERP posting adapter (DESIGN §13): the middleware's address, or the simulator and its scripted failures. */
  erp: { url: string | undefined; timeoutMs: number; simulateFailures: string | undefined };
  /** The bank's answers on payments: its direct link, else the simulator (with the accounts it refuses). */
  bankLink: { url: string | undefined; timeoutMs: number; simulateFailures: string | undefined };
  webDist: string;
  logLevel: string;
  shutdownTimeoutMs: number;
  /** The outbound queue's timings (seconds): abandoned-call expiry, its check, and the first retry's delay. */
  jobs: { expireSeconds: number; maintenanceSeconds: number; retryDelaySeconds: number };
}

/** The simulated mail server's domain: `.invalid` (RFC 2606), so no real mail can be sent to it by mistake. */
export const SIMULATED_WALLET_MAIL_DOMAIN = 'wallet-mail.invalid';

export class ConfigError extends Error {}

const OpenApiClients = z.array(
  z.object({ ClientId: z.string().min(1), Secret: z.string().min(16), Scopes: z.array(z.string()).default([]) }),
);

// Names proxy-addr understands besides addresses and CIDRs.
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyEntry(v: string): boolean {
  if (PROXY_NAMES.has(v) || isIP(v)) return true;
  const m = /^([^/]+)\/(\d{1,3})$/.exec(v);
  if (!m?.[1] || !m[2]) return false;
  const family = isIP(m[1]);
  return family !== 0 && Number(m[2]) <= (family === 4 ? 32 : 128);
}

/** A bare `true` is refused on purpose: trusting every peer lets any client choose its own address. */
function trustProxyOf(v: string | undefined): Config['trustProxy'] {
  if (v === undefined) return false;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops < 1 || hops > 10) throw new ConfigError('Invalid configuration:\n  TRUST_PROXY: a hop count is 1 to 10');
    return hops;
  }
  const entries = v
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !isProxyEntry(e));
  if (entries.length === 0 || bad.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  TRUST_PROXY: must be a hop count or a comma list of addresses/CIDRs (not: ${bad.join(', ') || v})`,
    );
  }
  return entries;
}

/** The configuration as Fastify's `trustProxy` takes it: a hop count becomes "trust the nearest n peers". */
export function trustProxyOption(
  trust: Config['trustProxy'],
): boolean | string[] | ((addr: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_addr, hop) => hop < trust : trust;
}

function mailFromOf(v: string): Config['mailFrom'] {
  const [, name, address, bare] = MAIL_FROM_RE.exec(v) ?? [];
  return { name: name?.replace(/^"|"$/g, '') || PRODUCT_NAME, address: (address ?? bare) as string };
}

function fromRoot(p: string): string {
  return isAbsolute(p) ? p : resolve(ROOT_DIR, p);
}

/** Reads and checks the environment; every problem is reported at once with the variable's name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.REPLICA_DATABASE_URL && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  REPLICA_DATABASE_URL: needs DATABASE_URL (the embedded database has no replica)',
    );
  }
  // A secret generated into one instance's data folder is unknown to the others: every token one signs, another
  // refuses. In production on a shared PostgreSQL the secret is therefore named, never left to chance.
  if (e.NODE_ENV === 'production' && e.DATABASE_URL && !e.JWT_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  JWT_SECRET: required in production with DATABASE_URL (every instance must sign with the same secret)',
    );
  }
  let openApiClients: OpenApiClient[] = [];
  if (e.OPENAPI_CLIENTS) {
    let raw: unknown;
    try {
      raw = JSON.parse(e.OPENAPI_CLIENTS);
    } catch {
      throw new ConfigError('Invalid configuration:\n  OPENAPI_CLIENTS: must be JSON');
    }
    const clients = OpenApiClients.safeParse(raw);
    if (!clients.success) {
      throw new ConfigError(
        'Invalid configuration:\n  OPENAPI_CLIENTS: must be a list of {ClientId, Secret (16+ chars), Scopes}',
      );
    }
    openApiClients = clients.data;
  }
  for (const [name, file] of [
    ['SSO_PUBLIC_KEY_FILE', e.SSO_PUBLIC_KEY_FILE],
    ['AMEX_PUBLIC_KEY_FILE', e.AMEX_PUBLIC_KEY_FILE],
  ] as const) {
    if (file && !existsSync(fromRoot(file)))
      throw new ConfigError(`Invalid configuration:\n  ${name}: ${file} not found`);
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    replica: e.REPLICA_DATABASE_URL
      ? {
          url: e.REPLICA_DATABASE_URL,
          retrySeconds: e.REPLICA_RETRY_SECONDS,
          maxLagSeconds: e.REPLICA_MAX_LAG_SECONDS,
        }
      : undefined,
    dataDir: fromRoot(e.DATA_DIR),
    bank: e.BANK_FILE_DIR ? { dir: fromRoot(e.BANK_FILE_DIR), layout: e.BANK_FILE_LAYOUT } : undefined,
    loadDemoData: e.LOAD_DEMO_DATA ?? e.NODE_ENV !== 'production',
    jwtSecret: e.JWT_SECRET,
    accessTokenTtl: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL_SECONDS,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginLockMinutes: e.LOGIN_LOCK_MINUTES,
    tokenRateLimitPerMinute: e.TOKEN_RATE_LIMIT_PER_MINUTE,
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    idleTimeoutMs: e.IDLE_TIMEOUT_MS,
    idleCheckIntervalMs: e.IDLE_CHECK_INTERVAL_MS,
    sso: e.SSO_PUBLIC_KEY_FILE
      ? { publicKeyFile: fromRoot(e.SSO_PUBLIC_KEY_FILE), issuer: e.SSO_ISSUER, audience: e.SSO_AUDIENCE }
      : undefined,
    amex: e.AMEX_PUBLIC_KEY_FILE
      ? { publicKeyFile: fromRoot(e.AMEX_PUBLIC_KEY_FILE), issuer: e.AMEX_ISSUER }
      : undefined,
    openApiClients,
    analyticsUrl: e.ANALYTICS_URL,
    sapVendorUrl: e.SAP_VENDOR_URL,
    tmc: { url: e.TMC_URL, pollCron: e.TMC_POLL_CRON, tokenTtlSeconds: e.TMC_TOKEN_TTL_SECONDS },
    cardIssuerUrl: e.CARD_ISSUER_URL,
    smtp: e.SMTP_URL ? { url: e.SMTP_URL } : undefined,
    mailFrom: mailFromOf(e.MAIL_FROM),
    walletMail: {
      domain: e.WALLET_MAIL_DOMAIN ?? SIMULATED_WALLET_MAIL_DOMAIN,
      maildir: e.WALLET_MAILDIR ? fromRoot(e.WALLET_MAILDIR) : join(fromRoot(e.DATA_DIR), 'wallet-mail'),
      simulated: !e.WALLET_MAIL_DOMAIN,
    },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    invoiceServiceUrl: e.INVOICE_SERVICE_URL,
    erp: { url: e.ERP_URL, timeoutMs: e.ERP_TIMEOUT_MS, simulateFailures: e.ERP_SIMULATE_FAILURES },
    bankLink: {
      url: e.BANK_STATUS_URL,
      timeoutMs: e.BANK_STATUS_TIMEOUT_MS,
      simulateFailures: e.BANK_SIMULATE_FAILURES,
    },
    webDist: fromRoot(e.WEB_DIST),
    logLevel: e.LOG_LEVEL,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    jobs: {
      expireSeconds: e.JOB_EXPIRE_SECONDS,
      maintenanceSeconds: e.JOB_MAINTENANCE_SECONDS,
      retryDelaySeconds: e.JOB_RETRY_DELAY_SECONDS,
    },
  };
}
