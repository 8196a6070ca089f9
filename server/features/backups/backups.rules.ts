import type { OperationRules } from '../../graphql/operation-rules.js';

/** Backups are of the whole install (every organization's data): its operator organization's admins (docs/decisions/0034, 0062). */
export const backupsRules: OperationRules = {
  Query: { serverBackups: 'OPERATOR_ADMIN' },
};
