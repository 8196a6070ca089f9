import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { BILLING_MODES, billingPlansSchema, DEFAULT_GRACE_DAYS, type BillingMode, type BillingPlan } from '../shared/billing.js';
import { parseAllowList } from './lib/outbound/outbound.allowlist.js';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off']).transform((v) => ['true', '1', 'yes', 'on'].includes(v));

/** Every variable the server reads, with its default (README, Configuration; `teamlens --help`). */
export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Teamlens <no-reply@teamlens.local>'),
  SEED_DEMO: bool.default(true),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  // Public organization sign-up; unset: operator admins choose (closed by default once the first organization exists)
  SIGNUP: z.enum(['open', 'closed'], 'must be open or closed').optional(),
  SESSION_MAX_AGE_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(12),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(120),
  ACCESS_TOKEN_SECONDS: z.coerce.number().int().min(10).max(3600).default(120),
  GRAPHQL_INTROSPECTION: bool.default(false),
  // The GraphQL whole-response cache (docs/decisions/0039); off: every query is executed.
  RESPONSE_CACHE: bool.default(true),
  // SQLite's synchronous setting in WAL mode (docs/decisions/0058): full also survives a power loss, at a cost per write.
  DB_SYNCHRONOUS: z.enum(['normal', 'full'], 'must be normal or full').default('normal'),
  ALLOWED_ORIGINS: z.string().optional(),
  TRUST_PROXY: bool.default(false),
  DISPOSABLE_LIST_URL: z.url({ protocol: /^https?$/ }).optional(),
  // at most 24 days: a longer delay overflows setTimeout (2^31 - 1 ms)
  DISPOSABLE_LIST_REFRESH_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 24)
    .default(24),
  // Slack incoming webhooks must start with this; https, or http only to this machine (tests, a local relay)
  // From SIGTERM/SIGINT to exit, whatever is stuck (docs/decisions/0037).
  SHUTDOWN_DEADLINE_SECONDS: z.coerce.number().min(2).max(120).default(10),
  // Private and loopback addresses integrations may reach (docs/decisions/0054): addresses and CIDR blocks, comma-separated.
  OUTBOUND_ALLOW_PRIVATE: z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      const parsed = parseAllowList(v);
      if ('invalid' in parsed)
        ctx.addIssue({ code: 'custom', message: `${parsed.invalid} is not an IP address or CIDR block (e.g. 10.0.0.0/8, 127.0.0.1, fd12::/16)` });
    }),
  // Backups on the scheduler (docs/decisions/0062): hours between two (0: none), how many to keep, where.
  BACKUP_EVERY_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 7)
    .default(24),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  BACKUP_DIR: z.string().min(1).optional(),
  // Billing (docs/decisions/0068): none (default: no plans, no limits, no outside calls), plans, or stripe.
  BILLING: z.enum(BILLING_MODES, 'must be none, plans or stripe').default('none'),
  // The plans: a JSON array, or the path of a JSON file holding one.
  BILLING_PLANS: z.string().optional(),
  BILLING_GRACE_DAYS: z.coerce.number().int().min(0).max(90).default(DEFAULT_GRACE_DAYS),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_...) or restricted key (rk_...)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_...)')
    .optional(),
  // Where Stripe's API is: https, or http only to this machine (a local fake or stripe-mock).
  STRIPE_API_URL: z
    .url({ protocol: /^https?$/ })
    .refine((v) => v.startsWith('https://') || /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/.test(v), 'must be https (http only for 127.0.0.1)')
    .default('https://api.stripe.com'),
  SLACK_WEBHOOK_BASE: z
    .url({ protocol: /^https?$/ })
    .refine((v) => v.startsWith('https://') || /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/.test(v), 'must be https (http only for 127.0.0.1)')
    .default('https://hooks.slack.com/'),
});

export type DbSynchronous = 'NORMAL' | 'FULL';

export type Config = {
  port: number;
  host: string;
  baseUrl: string;
  origin: string;
  secureCookies: boolean;
  allowedOrigins: string[];
  dataDir: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  smtpUrl: string | undefined;
  mailFrom: string;
  seedDemo: boolean;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** SIGNUP: when set, overrides the operator admins' setting for public organization sign-up. */
  signUp: 'OPEN' | 'CLOSED' | undefined;
  sessionMaxAgeMs: number;
  sessionIdleMs: number;
  accessTokenSeconds: number;
  introspection: boolean;
  /** RESPONSE_CACHE: whether GraphQL query answers are cached (docs/decisions/0039). */
  responseCache: boolean;
  /** DB_SYNCHRONOUS: NORMAL loses nothing on a crash of the process; FULL also nothing on a power loss (docs/decisions/0058). */
  dbSynchronous: DbSynchronous;
  trustProxy: boolean;
  disposableListUrl: string | undefined;
  disposableListRefreshMs: number;
  slackWebhookBase: string;
  /** OUTBOUND_ALLOW_PRIVATE: private or loopback addresses and blocks an admin-typed URL may reach (docs/decisions/0054). */
  outboundAllowPrivate: string[];
  shutdownDeadlineMs: number;
  /** BACKUP_EVERY_HOURS: 0 turns the scheduled backups off. */
  backupEveryHours: number;
  backupKeep: number;
  backupDir: string;
  /** BILLING and its settings (docs/decisions/0068). */
  billing: BillingConfig;
};

export type BillingConfig = {
  mode: BillingMode;
  plans: BillingPlan[];
  graceDays: number;
  /** Set only in stripe mode (its keys are then required): nothing loads or calls Stripe otherwise. */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string } | null;
};

export class ConfigError extends Error {}

/** Parses the environment once; fails fast with a readable list of every problem. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const billing = billingConfig(e);
  const baseUrl = (e.BASE_URL ?? `http://${e.HOST === '0.0.0.0' ? 'localhost' : e.HOST}:${e.PORT}`).replace(/\/+$/, '');
  const origin = new URL(baseUrl).origin;
  const extraOrigins = (e.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    port: e.PORT,
    host: e.HOST,
    baseUrl,
    origin,
    secureCookies: origin.startsWith('https://'),
    allowedOrigins: [origin, ...extraOrigins],
    dataDir: path.resolve(e.DATA_DIR),
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    seedDemo: e.SEED_DEMO,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    signUp: e.SIGNUP === 'open' ? 'OPEN' : e.SIGNUP === 'closed' ? 'CLOSED' : undefined,
    sessionMaxAgeMs: e.SESSION_MAX_AGE_HOURS * 3_600_000,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    accessTokenSeconds: e.ACCESS_TOKEN_SECONDS,
    introspection: e.GRAPHQL_INTROSPECTION,
    responseCache: e.RESPONSE_CACHE,
    dbSynchronous: e.DB_SYNCHRONOUS === 'full' ? 'FULL' : 'NORMAL',
    trustProxy: e.TRUST_PROXY,
    disposableListUrl: e.DISPOSABLE_LIST_URL,
    disposableListRefreshMs: e.DISPOSABLE_LIST_REFRESH_HOURS * 3_600_000,
    slackWebhookBase: e.SLACK_WEBHOOK_BASE,
    outboundAllowPrivate: (parseAllowList(e.OUTBOUND_ALLOW_PRIVATE) as { entries: string[] }).entries,
    shutdownDeadlineMs: e.SHUTDOWN_DEADLINE_SECONDS * 1000,
    backupEveryHours: e.BACKUP_EVERY_HOURS,
    backupKeep: e.BACKUP_KEEP,
    backupDir: path.resolve(e.BACKUP_DIR ?? path.join(e.DATA_DIR, 'backups')),
    billing,
  };
}

/** BILLING_PLANS: inline JSON when it starts with "[", else a file to read. */
function readPlans(value: string | undefined): unknown {
  if (value === undefined) return [];
  const text = value.trimStart().startsWith('[') ? value : readPlansFile(value);
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ConfigError(`Invalid configuration:\n  BILLING_PLANS: not valid JSON (${(err as Error).message})`);
  }
}

function readPlansFile(file: string): string {
  try {
    return fs.readFileSync(path.resolve(file), 'utf8');
  } catch {
    throw new ConfigError(`Invalid configuration:\n  BILLING_PLANS: ${file} cannot be read (give a JSON array or the path of a JSON file)`);
  }
}

/** The billing settings, with every rule that needs more than one variable; fails like loadConfig. */
function billingConfig(e: z.infer<typeof envSchema>): BillingConfig {
  const problems: string[] = [];
  const plans = billingPlansSchema.safeParse(readPlans(e.BILLING_PLANS));
  if (!plans.success) for (const i of plans.error.issues) problems.push(`  BILLING_PLANS${i.path.length ? `[${i.path.join('.')}]` : ''}: ${i.message}`);
  const list = plans.success ? plans.data : [];
  if (e.BILLING !== 'none' && plans.success && list.length === 0) problems.push(`  BILLING_PLANS: BILLING=${e.BILLING} needs at least one plan`);
  if (e.BILLING === 'stripe') {
    if (!e.STRIPE_SECRET_KEY) problems.push('  STRIPE_SECRET_KEY: required when BILLING=stripe');
    if (!e.STRIPE_WEBHOOK_SECRET) problems.push('  STRIPE_WEBHOOK_SECRET: required when BILLING=stripe');
    for (const p of list)
      if (p.default && p.stripe_price)
        problems.push(
          `  BILLING_PLANS: the default plan ${p.id} has a stripe_price; new organizations start on a free plan (without one) and subscribe through Checkout`,
        );
  }
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return {
    mode: e.BILLING,
    plans: list,
    graceDays: e.BILLING_GRACE_DAYS,
    stripe:
      e.BILLING === 'stripe'
        ? { secretKey: e.STRIPE_SECRET_KEY!, webhookSecret: e.STRIPE_WEBHOOK_SECRET!, apiUrl: e.STRIPE_API_URL.replace(/\/+$/, '') }
        : null,
  };
}
