import crypto from 'node:crypto';
import { passwordProblem } from '../../shared/password-policy.js';
import type { Services } from '../services.js';
import { hashPassword } from '../lib/password.js';
import { newId, nowIso } from '../lib/tokens.js';
import { countOrganizations, createBusinessUnit, createDepartment, createOrganization, createSubdepartment } from '../features/org/org.repo.js';
import { createTeam, updateTeam } from '../features/teams/teams.repo.js';
import { insertUser } from '../features/users/users.repo.js';
import { recordOperatorOrganization } from '../features/install/install.repo.js';

export const DEFAULT_ADMIN_EMAIL = 'admin@demo.teamlens.dev';

export type FirstStart = { organizationId: string; adminEmail: string; password: string; generated: boolean; demo: boolean };

const DEMO_TEAMS = [
  { name: 'Platform', sub: 'Infrastructure', people: ['Ada Lovelace', 'Linus Torvalds', 'Margaret Hamilton', 'Ken Thompson', 'Radia Perlman', 'Dennis Ritchie', 'Barbara Liskov'] },
  { name: 'Web', sub: 'Frontend', people: ['Grace Hopper', 'Tim Berners-Lee', 'Brendan Eich', 'Sophie Wilson', 'Jordan Walke', 'Lea Verou', 'Evan You'] },
  { name: 'Mobile', sub: 'Frontend', people: ['Katherine Johnson', 'Chris Lattner', 'Jean Bartik', 'Andy Rubin', 'Mary Kenneth Keller', 'Hedy Lamarr', 'Alan Kay'] },
  { name: 'Data', sub: 'Backend', people: ['Edgar Codd', 'Frances Allen', 'Jim Gray', 'Shafi Goldwasser', 'Michael Stonebraker', 'Fei-Fei Li', 'Geoffrey Hinton'] },
];

const emailFor = (name: string) => `${name.toLowerCase().replace(/[^a-z]+/g, '.').replace(/^\.|\.$/g, '')}@demo.teamlens.dev`;

/**
 * On first start with an empty database: the first organization and its admin
 * (ADMIN_EMAIL / ADMIN_PASSWORD, or a generated password printed once), plus demo data
 * unless SEED_DEMO=false. Returns null when the database already had an organization.
 */
export async function seedOnFirstStart(services: Services): Promise<FirstStart | null> {
  const { db, config } = services;
  if (countOrganizations(db) > 0) return null;
  const password = config.adminPassword ?? crypto.randomBytes(12).toString('base64url');
  const problem = passwordProblem(password);
  if (problem) throw new Error(`ADMIN_PASSWORD is not acceptable: ${problem}`);
  const adminEmail = config.adminEmail ?? DEFAULT_ADMIN_EMAIL;
  const hash = await hashPassword(password);
  const demo = config.seedDemo;

  const org = createOrganization(db, demo ? 'Demo Company' : 'My Organization');
  // The first organization runs the install (install settings, closed sign-up by default).
  recordOperatorOrganization(db, org.id);
  const adminId = newId();
  const at = nowIso();
  insertUser(db, { id: adminId, organization_id: org.id, email: adminEmail, full_name: demo ? 'Alex Admin' : 'Admin', status: 'ACTIVE', permission_level: 'ADMIN', password_hash: hash, last_password_update: at, email_verified: true, role: 'Head of Engineering' });

  if (demo) {
    const hashes = await Promise.all(DEMO_TEAMS.flatMap((t) => t.people).map(() => hashPassword(password)));
    db.transaction(() => {
      const bu = createBusinessUnit(db, org.id, 'Engineering');
      const dept = createDepartment(db, org.id, bu.id, 'Product Engineering');
      const subs = new Map<string, string>();
      for (const title of ['Infrastructure', 'Frontend', 'Backend']) subs.set(title, createSubdepartment(db, org.id, dept.id, title).id);
      createSubdepartment(db, org.id, createDepartment(db, org.id, createBusinessUnit(db, org.id, 'Operations').id, 'People').id, 'Talent');
      let h = 0;
      for (const spec of DEMO_TEAMS) {
        const team = createTeam(db, org.id, { name: spec.name });
        const [managerName, leadName, ...members] = spec.people;
        const managerId = newId();
        const leadId = newId();
        const base = { organization_id: org.id, status: 'ACTIVE' as const, email_verified: true, last_password_update: at, team_id: team.id, subdepartment_id: subs.get(spec.sub) ?? null, time_zone: 'Europe/Berlin', location: 'Berlin' };
        insertUser(db, { ...base, id: managerId, email: emailFor(managerName!), full_name: managerName!, permission_level: 'MANAGER', role: 'Engineering Manager', manager_id: adminId, password_hash: hashes[h++]! });
        insertUser(db, { ...base, id: leadId, email: emailFor(leadName!), full_name: leadName!, permission_level: 'MEMBER', role: 'Tech Lead', manager_id: managerId, password_hash: hashes[h++]! });
        for (const name of members) insertUser(db, { ...base, id: newId(), email: emailFor(name), full_name: name, permission_level: 'MEMBER', role: 'Software Engineer', manager_id: managerId, password_hash: hashes[h++]! });
        updateTeam(db, org.id, team.id, { manager_id: managerId, team_lead_id: leadId });
      }
    });
  }
  return { organizationId: org.id, adminEmail, password, generated: !config.adminPassword, demo };
}
