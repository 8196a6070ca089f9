/** One setting as `teamlens --help` lists it; README, Configuration, has the longer words. */
export type Setting = { name: string; default: string; meaning: string };

/**
 * Every variable Teamlens reads (server/config.ts envSchema, and RUNTIME_DIR read by the single
 * executable before anything else); cli.help.test.ts fails when one is missing here or in the README.
 */
export const SETTINGS: Setting[] = [
  { name: 'PORT', default: '3000', meaning: 'port to listen on' },
  { name: 'HOST', default: '127.0.0.1', meaning: 'address to listen on (0.0.0.0: all interfaces)' },
  { name: 'BASE_URL', default: 'http://HOST:PORT', meaning: 'the address people use (links, cookies, redirects); https turns on Secure cookies' },
  { name: 'DATA_DIR', default: './data', meaning: 'database, keys, pictures, backups, teamlens.env (environment only)' },
  {
    name: 'RUNTIME_DIR',
    default: 'DATA_DIR/runtime',
    meaning: 'where the single executable unpacks its libraries, web app and migrations; must allow executing (not noexec) (environment only)',
  },
  { name: 'LOG_LEVEL', default: 'info', meaning: 'fatal, error, warn, info, debug, trace or silent' },
  { name: 'SMTP_URL', default: '(none)', meaning: 'smtp:// or smtps:// URL; without it mail waits in the outbox' },
  { name: 'MAIL_FROM', default: 'Teamlens <no-reply@teamlens.local>', meaning: 'sender of mail' },
  { name: 'SEED_DEMO', default: 'true', meaning: 'create the demo organization on the first start' },
  { name: 'ADMIN_EMAIL', default: 'admin@demo.teamlens.dev', meaning: 'the first admin (first start only)' },
  { name: 'ADMIN_PASSWORD', default: '(generated, printed once)', meaning: "the first admin's password (first start only)" },
  { name: 'SIGNUP', default: '(none)', meaning: 'open or closed: public organization sign-up; unset, operator admins decide' },
  { name: 'SESSION_MAX_AGE_HOURS', default: '12', meaning: 'absolute session lifetime (at most 720)' },
  { name: 'SESSION_IDLE_MINUTES', default: '120', meaning: 'a session unused this long ends' },
  { name: 'ACCESS_TOKEN_SECONDS', default: '120', meaning: 'GraphQL access token lifetime, 10 to 3600' },
  { name: 'GRAPHQL_INTROSPECTION', default: 'false', meaning: 'schema introspection (development)' },
  { name: 'RESPONSE_CACHE', default: 'true', meaning: 'cache GraphQL answers until a table they read changes' },
  { name: 'DB_SYNCHRONOUS', default: 'normal', meaning: 'normal or full: full keeps every answered write through a power loss, at a cost per write' },
  { name: 'ALLOWED_ORIGINS', default: '(none)', meaning: 'extra websocket origins, comma-separated' },
  { name: 'TRUST_PROXY', default: 'false', meaning: 'trust X-Forwarded-For (behind a reverse proxy only)' },
  { name: 'DISPOSABLE_LIST_URL', default: '(none)', meaning: 'extra disposable mail domain list to download' },
  { name: 'DISPOSABLE_LIST_REFRESH_HOURS', default: '24', meaning: 'hours between its downloads (1 to 576)' },
  { name: 'OUTBOUND_ALLOW_PRIVATE', default: '(none)', meaning: 'private or loopback addresses and CIDR blocks integrations may reach, comma-separated' },
  { name: 'SHUTDOWN_DEADLINE_SECONDS', default: '10', meaning: 'from SIGTERM to exit at the latest (2 to 120)' },
  { name: 'BACKUP_EVERY_HOURS', default: '24', meaning: 'hours between scheduled backups (0: none)' },
  { name: 'BACKUP_KEEP', default: '7', meaning: 'how many backups BACKUP_DIR keeps (the oldest are deleted)' },
  { name: 'BACKUP_DIR', default: 'DATA_DIR/backups', meaning: 'where backups are written' },
  { name: 'BILLING', default: 'none', meaning: 'none (self-hosted: no plans, no limits), plans or stripe' },
  { name: 'BILLING_PLANS', default: '(none)', meaning: 'the plans: a JSON array, or the path of a JSON file holding one' },
  { name: 'BILLING_GRACE_DAYS', default: '14', meaning: 'days after a failed payment before the organization is read-only for new content' },
  { name: 'STRIPE_SECRET_KEY', default: '(none)', meaning: 'Stripe secret key, with BILLING=stripe' },
  { name: 'STRIPE_WEBHOOK_SECRET', default: '(none)', meaning: 'Stripe webhook signing secret, with BILLING=stripe' },
  { name: 'STRIPE_API_URL', default: 'https://api.stripe.com', meaning: "where Stripe's API is (a local fake in tests)" },
  { name: 'SLACK_WEBHOOK_BASE', default: 'https://hooks.slack.com/', meaning: 'Slack incoming webhooks must start with this' },
];

export function helpText(version: string): string {
  const width = Math.max(...SETTINGS.map((s) => s.name.length));
  const settings = SETTINGS.map((s) => `  ${s.name.padEnd(width)}  ${s.meaning}\n  ${' '.repeat(width)}  default: ${s.default}`).join('\n');
  return `Teamlens ${version}: a self-hosted portal for engineering teams.

Usage: teamlens [command]

Commands:
  serve (or nothing)        start the server; the first start creates the database and prints the sign-in
  backup [file]             copy the database, consistent while the server runs and checked
                            (default file: BACKUP_DIR/teamlens-<time>.db)
  restore <file>            replace the database with a backup (the server must be stopped); the
                            previous database is kept in DATA_DIR/before-restore/
  reset-link <email>        print a one-hour password reset link for that person
  demo-remove [--yes] [--organization <id or name>]
                            remove the demo data (without --yes: say what would go)
  --version                 print the version
  --help                    print this

Settings: environment variables, or NAME=value lines in DATA_DIR/teamlens.env (the environment
wins; DATA_DIR and RUNTIME_DIR only from the environment). A wrong value stops the start with a
list of every problem.

${settings}
`;
}
