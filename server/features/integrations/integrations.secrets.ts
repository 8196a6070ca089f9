import type { Keys } from '../../db/keys.js';
import type { Services } from '../../services.js';
import { openSecret, sealSecret, secretHint } from '../../lib/secret-box.js';
import type { OpenConnection } from './integrations.provider.js';
import type { integrationConnections } from './integrations.tables.js';

/**
 * A connection's credentials at rest (docs/decisions/0051): sealed JSON under purpose
 * `integration:<id>` (`{ token }` or `{ app_id, installation_id, private_key }`), the webhook
 * secret under `integration-webhook:<id>`. Opened only in memory, for one test, sync or delivery.
 */
export type ConnectionRow = typeof integrationConnections.$inferSelect;
export type Credentials = OpenConnection['credentials'];

const purpose = (id: string) => `integration:${id}`;
const webhookPurpose = (id: string) => `integration-webhook:${id}`;

export function sealCredentials(keys: Keys, connectionId: string, credentials: Credentials): string {
  return sealSecret(keys.secretsKey, JSON.stringify(credentials), purpose(connectionId));
}

export function openCredentials(keys: Keys, row: Pick<ConnectionRow, 'id' | 'secret_sealed'>): Credentials {
  return JSON.parse(openSecret(keys.secretsKey, row.secret_sealed, purpose(row.id))) as Credentials;
}

export function sealWebhookSecret(keys: Keys, connectionId: string, secret: string): string {
  return sealSecret(keys.secretsKey, secret, webhookPurpose(connectionId));
}

export function openWebhookSecret(keys: Keys, row: Pick<ConnectionRow, 'id' | 'webhook_secret_sealed'>): string | null {
  return row.webhook_secret_sealed ? openSecret(keys.secretsKey, row.webhook_secret_sealed, webhookPurpose(row.id)) : null;
}

/** What an admin sees of the credentials: the last 4 characters of the token or private key. */
export function credentialsHint(credentials: Credentials): string {
  // A PEM key: the last characters of its body, not of its END line.
  return secretHint((credentials.token ?? (credentials.private_key ?? '').replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '')).trim());
}

/** The connection as adapters see it, credentials opened (only ever in memory), its way out guarded (services.outbound). */
export function openConnection(
  services: Pick<Services, 'keys' | 'outbound'>,
  row: ConnectionRow,
  credentials: Credentials = openCredentials(services.keys, row),
): OpenConnection {
  return {
    id: row.id,
    organizationId: row.organization_id,
    provider: row.provider,
    baseUrl: row.base_url,
    account: row.account,
    authKind: row.auth_kind,
    credentials,
    externalInfo: row.external_info ?? {},
    backfillMonths: row.backfill_months,
    outbound: services.outbound,
    sample: row.is_sample,
  };
}

/** Removes every credential of a connection from a text (an SDK message may echo a header): the one scrub before a message is stored or logged. */
export function scrubSecrets(text: string, credentials: Credentials | null | undefined): string {
  let out = text;
  for (const value of Object.values(credentials ?? {})) {
    if (typeof value === 'string' && value.length >= 6) out = out.split(value).join('••••');
  }
  return out.replace(/(bearer|token|basic)\s+[A-Za-z0-9._~+/=-]{12,}/gi, '$1 ••••');
}
