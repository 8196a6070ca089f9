import { codeProcessSettingsInput, DEFAULT_CODE_PROCESS, type CodeProcessSettings } from '../../../shared/integrations.js';
import type { Db } from '../../db/connection.js';
import { sqliteTransaction, statement } from '../../db/sqlite.js';
import { nowIso } from '../../lib/tokens.js';
import { recomputeDerived } from './integrations.ingest.repo.js';

/** The organization's code process, stored as JSON (integrations.code-process.ts). */

export type Stored = { settings: CodeProcessSettings; updated_at: string | null };

export function readStoredCodeProcess(db: Db, organizationId: string): Stored {
  const row = statement(db, `select settings, updated_at from code_process_settings where organization_id = ?`).get(organizationId) as
    { settings: string; updated_at: string } | undefined;
  if (!row) return { settings: DEFAULT_CODE_PROCESS, updated_at: null };
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(row.settings);
  } catch {
    /* default below */
  }
  // Settings saved by an older version: what still parses, defaults for the rest.
  const result = codeProcessSettingsInput.safeParse({ ...DEFAULT_CODE_PROCESS, ...(parsed && typeof parsed === 'object' ? parsed : {}) });
  return { settings: result.success ? result.data : DEFAULT_CODE_PROCESS, updated_at: row.updated_at };
}

/** The code process of an organization (DEFAULT_CODE_PROCESS while none is saved): for the sync engine and the ingest writer. */
export function readCodeProcessSettings(db: Db, organizationId: string): CodeProcessSettings {
  return readStoredCodeProcess(db, organizationId).settings;
}

/** Saves the code process and recomputes the organization's derived columns, in one transaction. */
export function saveCodeProcessSettings(db: Db, organizationId: string, settings: CodeProcessSettings, userId: string | null): Stored {
  const at = nowIso();
  sqliteTransaction(db, () => {
    statement(
      db,
      `insert into code_process_settings (organization_id, settings, updated_by, updated_at) values (?, ?, ?, ?)
      on conflict (organization_id) do update set settings = excluded.settings, updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
    ).run(organizationId, JSON.stringify(settings), userId, at);
    recomputeDerived(db, organizationId, settings);
  })();
  return { settings, updated_at: at };
}
