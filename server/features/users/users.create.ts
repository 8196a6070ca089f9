import { badInput } from '../../../shared/app-error.js';
import type { MassCreateErrorType } from '../../../shared/enums.js';
import { massCreateRowSchema } from '../../../shared/mass-create.schema.js';
import type { FieldErrors } from '../../../shared/field-errors.js';
import { parseInput } from '../../lib/parse.js';
import type { Services } from '../../services.js';
import type { Viewer } from '../auth/viewer.js';
import { runMassCreation } from '../mass-creation/mass-creation.service.js';
import { inviteUsers } from './users.invitations.js';
import { findUserByEmail, type UserRow } from './users.repo.js';

/** The field of the single-person form that each mass-creation refusal is about. */
const FIELD_OF: Record<MassCreateErrorType, string> = {
  INVALID_EMAIL: 'email',
  BLOCKED_EMAIL_DOMAIN: 'email',
  DUPLICATE_IN_FILE: 'email',
  ALREADY_EXISTS: 'email',
  INVALID_ROW: '_',
  UNKNOWN_TEAM: 'team',
  UNKNOWN_MANAGER: 'manager_email',
};

/** Words for one person where the import's wording speaks of rows and files. */
const MESSAGE_OF: Partial<Record<MassCreateErrorType, string>> = {
  UNKNOWN_TEAM: 'This team no longer exists; pick another one.',
  UNKNOWN_MANAGER: 'This manager is not a person of this organization (any more); pick another one.',
};

/**
 * Adds one person: the same row schema, email rules, duplicate, team and manager checks and
 * write as a CSV import (runMassCreation with one row, teams never created), then optionally
 * the invitation. A refusal is BAD_USER_INPUT with the message under the field it is about.
 */
export async function addOnePerson(services: Services, viewer: Viewer, input: unknown, invite: boolean): Promise<UserRow> {
  const row = parseInput(massCreateRowSchema, input);
  const result = await runMassCreation(services, viewer, { rows: [{ row: 1, data: row }], createTeams: false, single: true });
  const failure = result.usersWithErrors[0];
  if (failure) {
    const field = FIELD_OF[failure.errorType];
    const message =
      MESSAGE_OF[failure.errorType] ?? failure.message.replace(/^[a-z_]+: /, '').replace(/^[a-z]+\s/, (word) => word[0]!.toUpperCase() + word.slice(1));
    const fields: FieldErrors = { [field]: message };
    throw badInput(field === '_' ? message : `${field}: ${message}`, { fields });
  }
  const created = findUserByEmail(services.db, viewer.organizationId, row.email)!;
  if (invite) inviteUsers(services, viewer.organizationId, [created]);
  return findUserByEmail(services.db, viewer.organizationId, row.email)!;
}
