import { eq } from 'drizzle-orm';
import { ASSISTANT_LIMITS, ASSISTANT_SOURCES, type AssistantSource } from '../../../shared/assistant.js';
import type { Db } from '../../db/connection.js';
import type { Keys } from '../../db/keys.js';
import { openSecret, sealSecret, secretHint } from '../../lib/secret-box.js';
import { assistantSettings } from './assistant.tables.js';

/** An organization's assistant settings (no row: every source, no model, 90 days). */
export type AssistantSettings = {
  sources: AssistantSource[];
  retention_days: number;
  endpoint_url: string | null;
  endpoint_model: string | null;
  endpoint_key_sealed: string | null;
  endpoint_key_hint: string | null;
  first_token_seconds: number;
  total_seconds: number;
  updated_at: string | null;
};

export const DEFAULT_SETTINGS: AssistantSettings = {
  sources: [...ASSISTANT_SOURCES],
  retention_days: ASSISTANT_LIMITS.retentionDefault,
  endpoint_url: null,
  endpoint_model: null,
  endpoint_key_sealed: null,
  endpoint_key_hint: null,
  first_token_seconds: ASSISTANT_LIMITS.firstTokenSecondsDefault,
  total_seconds: ASSISTANT_LIMITS.totalSecondsDefault,
  updated_at: null,
};

export function findSettings(db: Db, orgId: string): AssistantSettings {
  const row = db.select().from(assistantSettings).where(eq(assistantSettings.organization_id, orgId)).get();
  if (!row) return { ...DEFAULT_SETTINGS, sources: [...DEFAULT_SETTINGS.sources] };
  return {
    sources: ASSISTANT_SOURCES.filter((s) => row.sources.includes(s)),
    retention_days: row.retention_days,
    endpoint_url: row.endpoint_url,
    endpoint_model: row.endpoint_model,
    endpoint_key_sealed: row.endpoint_key_sealed,
    endpoint_key_hint: row.endpoint_key_hint,
    first_token_seconds: row.first_token_seconds,
    total_seconds: row.total_seconds,
    updated_at: row.updated_at,
  };
}

const keyPurpose = (orgId: string) => `assistant-endpoint:${orgId}`;

/** The sealed key and its hint for a new key; nulls to remove it. */
export function sealKey(keys: Keys, orgId: string, key: string | null): { sealed: string | null; hint: string | null } {
  return key ? { sealed: sealSecret(keys.secretsKey, key, keyPurpose(orgId)), hint: secretHint(key) } : { sealed: null, hint: null };
}

/** The endpoint's key, opened in memory for one call (null: none, or it no longer opens). */
export function openKey(keys: Keys, orgId: string, sealed: string | null): string | null {
  if (!sealed) return null;
  try {
    return openSecret(keys.secretsKey, sealed, keyPurpose(orgId));
  } catch {
    return null;
  }
}

export function saveSettings(db: Db, orgId: string, userId: string, s: Omit<AssistantSettings, 'updated_at'>): void {
  const values = { ...s, updated_by: userId, updated_at: new Date().toISOString() };
  db.insert(assistantSettings)
    .values({ organization_id: orgId, ...values })
    .onConflictDoUpdate({ target: assistantSettings.organization_id, set: values })
    .run();
}
