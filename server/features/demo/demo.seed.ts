import type { Services } from '../../services.js';
import { hashPassword } from '../../lib/password.js';
import { newId, nowIso } from '../../lib/tokens.js';
import { createBusinessUnit, createDepartment, createSubdepartment } from '../org/org.repo.js';
import { createTeam, updateTeam } from '../teams/teams.repo.js';
import { insertUser } from '../users/users.repo.js';
import { registerDemoRows } from './demo.repo.js';
import { seedDemoReviews } from './demo.seed-reviews.js';
import { seedDemoRetros } from '../retros/retros.demo.repo.js';
import { seedDemoFeedback } from '../feedback/feedback.demo.repo.js';
import { seedDemoNotes } from '../notes/notes.demo.repo.js';
import { seedDemoGoals } from '../goals/goals.demo.repo.js';
import { seedDemoGrowth } from '../growth/growth.demo.repo.js';
import { seedDemoInsights } from './demo.seed-insights.js';
import { seedDemoBilling } from './demo.seed-billing.js';
import { seedDemoAssistant } from './demo.seed-assistant.js';

export const DEMO_EMAIL_DOMAIN = 'demo.teamlens.dev';

/** Team -> sub-department and people: the first is the team's manager, the second its tech lead. */
export const DEMO_TEAMS = [
  {
    name: 'Platform',
    sub: 'Infrastructure',
    people: ['Ada Lovelace', 'Linus Torvalds', 'Margaret Hamilton', 'Ken Thompson', 'Radia Perlman', 'Dennis Ritchie', 'Barbara Liskov'],
  },
  { name: 'Web', sub: 'Frontend', people: ['Grace Hopper', 'Tim Berners-Lee', 'Brendan Eich', 'Sophie Wilson', 'Jordan Walke', 'Lea Verou', 'Evan You'] },
  {
    name: 'Mobile',
    sub: 'Frontend',
    people: ['Katherine Johnson', 'Chris Lattner', 'Jean Bartik', 'Andy Rubin', 'Mary Kenneth Keller', 'Hedy Lamarr', 'Alan Kay'],
  },
  {
    name: 'Data',
    sub: 'Backend',
    people: ['Edgar Codd', 'Frances Allen', 'Jim Gray', 'Shafi Goldwasser', 'Michael Stonebraker', 'Fei-Fei Li', 'Geoffrey Hinton'],
  },
] as const;

export const demoEmailFor = (name: string) =>
  `${name
    .toLowerCase()
    .replace(/[^a-z]+/g, '.')
    .replace(/^\.|\.$/g, '')}@${DEMO_EMAIL_DOMAIN}`;

/** The demo people by name, with their team: what the feature-area seeds build on. */
export type DemoPeople = { adminId: string; byName: Map<string, string>; teamIds: Map<string, string> };

/**
 * The demo organization's content (docs/decisions/0036): a business unit > department >
 * sub-department tree, 4 teams of 7 people (a manager reporting to the admin, a tech lead, five
 * engineers; everyone shares the admin's password), then each feature area's sample data. Every row
 * is registered as demo data, so an admin can remove all of it and keep the organization.
 */
export async function seedDemoOrganization(services: Services, orgId: string, adminId: string, password: string): Promise<void> {
  const { db } = services;
  const names = DEMO_TEAMS.flatMap((t) => t.people);
  const hashes = await Promise.all(names.map(() => hashPassword(password)));
  const at = nowIso();
  const people: DemoPeople = { adminId, byName: new Map(), teamIds: new Map() };
  db.transaction(() => {
    const bu = createBusinessUnit(db, orgId, 'Engineering');
    const dept = createDepartment(db, orgId, bu.id, 'Product Engineering');
    const subs = new Map<string, string>();
    for (const title of ['Infrastructure', 'Frontend', 'Backend']) subs.set(title, createSubdepartment(db, orgId, dept.id, title).id);
    const ops = createBusinessUnit(db, orgId, 'Operations');
    const peopleDept = createDepartment(db, orgId, ops.id, 'People');
    const talent = createSubdepartment(db, orgId, peopleDept.id, 'Talent');
    registerDemoRows(db, orgId, 'business_units', [bu.id, ops.id]);
    registerDemoRows(db, orgId, 'departments', [dept.id, peopleDept.id]);
    registerDemoRows(db, orgId, 'subdepartments', [...subs.values(), talent.id]);

    let h = 0;
    for (const spec of DEMO_TEAMS) {
      const team = createTeam(db, orgId, { name: spec.name });
      people.teamIds.set(spec.name, team.id);
      const [managerName, leadName, ...members] = spec.people;
      const base = {
        organization_id: orgId,
        status: 'ACTIVE' as const,
        email_verified: true,
        last_password_update: at,
        team_id: team.id,
        subdepartment_id: subs.get(spec.sub) ?? null,
        time_zone: 'Europe/Berlin',
        location: 'Berlin',
      };
      const add = (name: string, extra: { permission_level: 'MANAGER' | 'MEMBER'; role: string; manager_id: string }) => {
        const id = newId();
        insertUser(db, { ...base, ...extra, id, email: demoEmailFor(name), full_name: name, password_hash: hashes[h++]! });
        people.byName.set(name, id);
        return id;
      };
      const managerId = add(managerName, { permission_level: 'MANAGER', role: 'Engineering Manager', manager_id: adminId });
      const leadId = add(leadName, { permission_level: 'MEMBER', role: 'Tech Lead', manager_id: managerId });
      for (const name of members) add(name, { permission_level: 'MEMBER', role: 'Software Engineer', manager_id: managerId });
      updateTeam(db, orgId, team.id, { manager_id: managerId, team_lead_id: leadId });
    }
    registerDemoRows(db, orgId, 'teams', [...people.teamIds.values()]);
    registerDemoRows(db, orgId, 'users', [...people.byName.values()]);
  });
  seedDemoReviews(services, orgId, people);
  seedDemoRetros(services, orgId, people);
  seedDemoFeedback(services, orgId, people);
  seedDemoNotes(services, orgId, people);
  seedDemoGoals(services, orgId, people);
  seedDemoGrowth(services, orgId, people);
  seedDemoInsights(services, orgId, adminId);
  seedDemoBilling(services, orgId);
  await seedDemoAssistant(services, orgId, people);
}
