import crypto from 'node:crypto';
import { passwordProblem } from '../../shared/password-policy.js';
import { ConfigError } from '../config.js';
import type { Services } from '../services.js';
import { hashPassword } from '../lib/password.js';
import { newId, nowIso } from '../lib/tokens.js';
import { countOrganizations, createOrganization } from '../features/org/org.repo.js';
import { insertUser } from '../features/users/users.repo.js';
import { recordOperatorOrganization } from '../features/install/install.repo.js';
import { seedDemoOrganization } from '../features/demo/demo.seed.js';

export const DEFAULT_ADMIN_EMAIL = 'admin@demo.teamlens.dev';

export type FirstStart = { organizationId: string; adminEmail: string; password: string; generated: boolean; demo: boolean };

/**
 * On first start with an empty database: the first organization and its admin
 * (ADMIN_EMAIL / ADMIN_PASSWORD, or a generated password printed once), plus demo data
 * unless SEED_DEMO=false. The organization and the admin are never demo data: removing the
 * demo (docs/decisions/0036) keeps both. Returns null when the database already had an organization.
 */
export async function seedOnFirstStart(services: Services): Promise<FirstStart | null> {
  const { db, config } = services;
  if (countOrganizations(db) > 0) return null;
  const password = config.adminPassword ?? crypto.randomBytes(12).toString('base64url');
  const problem = passwordProblem(password);
  if (problem) throw new ConfigError(`ADMIN_PASSWORD is not acceptable: ${problem}`);
  const adminEmail = config.adminEmail ?? DEFAULT_ADMIN_EMAIL;
  const hash = await hashPassword(password);
  const demo = config.seedDemo;

  const org = createOrganization(db, demo ? 'Demo Company' : 'My Organization');
  // The first organization runs the install (install settings, closed sign-up by default).
  recordOperatorOrganization(db, org.id);
  const adminId = newId();
  insertUser(db, {
    id: adminId,
    organization_id: org.id,
    email: adminEmail,
    full_name: demo ? 'Alex Admin' : 'Admin',
    status: 'ACTIVE',
    permission_level: 'ADMIN',
    password_hash: hash,
    last_password_update: nowIso(),
    email_verified: true,
    role: 'Head of Engineering',
  });

  if (demo) await seedDemoOrganization(services, org.id, adminId, password);
  return { organizationId: org.id, adminEmail, password, generated: !config.adminPassword, demo };
}
