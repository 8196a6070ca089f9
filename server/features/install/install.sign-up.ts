import type { SignUpSource } from '../../../shared/install.js';
import type { Db } from '../../db/connection.js';
import type { Config } from '../../config.js';
import { getInstallSettings } from './install.repo.js';

export type SignUpState = { open: boolean; source: SignUpSource };

/**
 * Whether anyone who reaches the server may create an organization: the SIGNUP environment variable
 * when set; else what an operator admin chose; else open only until the operator organization (the
 * first one) exists.
 */
export function signUpState(db: Db, config: Pick<Config, 'signUp'>): SignUpState {
  if (config.signUp) return { open: config.signUp === 'OPEN', source: 'ENV' };
  const row = getInstallSettings(db);
  if (row?.sign_up) return { open: row.sign_up === 'OPEN', source: 'SETTING' };
  return { open: !row?.operator_organization_id, source: 'DEFAULT' };
}

export function isOperatorOrganization(db: Db, organizationId: string): boolean {
  return getInstallSettings(db)?.operator_organization_id === organizationId;
}
