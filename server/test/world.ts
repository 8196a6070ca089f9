import type { FastifyInstance } from 'fastify';
import { createOrganization } from '../features/org/org.repo.js';
import { createTeam } from '../features/teams/teams.repo.js';
import { addUser, signedIn, type GqlResult, type TestUser } from './helpers.js';

/**
 * The one test world of the server's feature tests (docs/decisions/0074): two organizations built
 * alike, "Acme" and "Globex", each with every role the rules tell apart. In Acme:
 *
 * | role           | who                    | what they are                                                            |
 * |----------------|------------------------|--------------------------------------------------------------------------|
 * | `admin`        | Ada Admin              | ADMIN, in no team                                                        |
 * | `manager`      | Mona Manager           | MANAGER; manages the team Core (teams.manager_id) and is the direct      |
 * |                |                        | manager (users.manager_id) of the lead, the report, the peers and the    |
 * |                |                        | deactivated person                                                       |
 * | `lead`         | Lee Lead               | MEMBER in Core, its team lead (teams.team_lead_id)                       |
 * | `report`       | Remy Report            | MEMBER in Core: the subject most rules are about                         |
 * | `peer`/`peers` | Pia Peer (and more)    | MEMBERs in Core beside the report (`peers` option, 1 by default)         |
 * | `member`       | Max Member             | MEMBER with no team and no manager                                       |
 * | `otherManager` | Otto Other             | MANAGER of the team Owls                                                 |
 * | `outsider`     | Olga Owl               | MEMBER of Owls, reports to the other manager: a person of another team   |
 * | `deactivated`  | Dee Deactivated        | DEACTIVATED, was in Core under the manager (cannot sign in)              |
 *
 * Globex has the same roles (names ending in "Globex", emails @globex.example, teams "Globex Core"
 * and "Globex Owls"). Every password is TEST_PASSWORD; nobody is signed in until a test asks
 * (`signInAs`).
 */
export type WorldPerson = TestUser & { name: string };
export type WorldCaller = WorldPerson & { token: string; gql: (query: string, variables?: Record<string, unknown>) => Promise<GqlResult<Record<string, any>>> };

type Names = {
  admin: string;
  manager: string;
  lead: string;
  report: string;
  peers: string[];
  member: string;
  otherManager: string;
  outsider: string;
  deactivated: string;
};

const ACME: Names = {
  admin: 'Ada Admin',
  manager: 'Mona Manager',
  lead: 'Lee Lead',
  report: 'Remy Report',
  peers: ['Pia Peer', 'Paz Peer', 'Pol Peer', 'Pim Peer'],
  member: 'Max Member',
  otherManager: 'Otto Other',
  outsider: 'Olga Owl',
  deactivated: 'Dee Deactivated',
};
const GLOBEX: Names = {
  admin: 'Gus Globex',
  manager: 'Greta Globex',
  lead: 'Gil Globex',
  report: 'Gwen Globex',
  peers: ['Gabe Globex', 'Gala Globex', 'Gene Globex', 'Gia Globex'],
  member: 'Gina Globex',
  otherManager: 'Gordon Globex',
  outsider: 'Gail Globex',
  deactivated: 'Gert Globex',
};
export const MAX_WORLD_PEERS = ACME.peers.length;

export type WorldOrgOptions = {
  /** How many peers beside the report (1 to 4). */
  peers?: number;
  /** Prepended to the organization's and teams' names and to every email: two worlds in one app. */
  prefix?: string;
};

/** One organization of the world: "Acme" or "Globex". */
export async function seedWorldOrg(app: FastifyInstance, which: 'Acme' | 'Globex', options: WorldOrgOptions = {}) {
  const { peers: peerCount = 1, prefix = '' } = options;
  if (peerCount < 1 || peerCount > MAX_WORLD_PEERS) throw new Error(`peers: 1 to ${MAX_WORLD_PEERS}`);
  const names = which === 'Acme' ? ACME : GLOBEX;
  const domain = `${which.toLowerCase()}.example`;
  const teamName = (name: string) => `${prefix}${which === 'Acme' ? '' : `${which} `}${name}`;
  const { db } = app.services;
  const org = createOrganization(db, `${prefix}${which}`);
  const person = async (local: string, full_name: string, input: Parameters<typeof addUser>[2] = {}): Promise<WorldPerson> => {
    const u = await addUser(app, org.id, { ...input, email: `${prefix}${local}@${domain}`, full_name });
    return { ...u, name: full_name };
  };

  const admin = await person('admin', names.admin, { permission_level: 'ADMIN' });
  const manager = await person('manager', names.manager, { permission_level: 'MANAGER' });
  const otherManager = await person('other.manager', names.otherManager, { permission_level: 'MANAGER' });
  const lead = await person('lead', names.lead, { manager_id: manager.id });
  const team = createTeam(db, org.id, { name: teamName('Core'), manager_id: manager.id, team_lead_id: lead.id });
  const otherTeam = createTeam(db, org.id, { name: teamName('Owls'), manager_id: otherManager.id });
  db.$client.prepare('UPDATE users SET team_id = ? WHERE id = ?').run(team.id, lead.id);
  const inCore = { manager_id: manager.id, team_id: team.id };
  const report = await person('report', names.report, inCore);
  const peers: WorldPerson[] = [];
  for (let i = 0; i < peerCount; i++) peers.push(await person(i === 0 ? 'peer' : `peer${i + 1}`, names.peers[i]!, inCore));
  const member = await person('member', names.member);
  const outsider = await person('owl', names.outsider, { manager_id: otherManager.id, team_id: otherTeam.id });
  const deactivated = await person('deactivated', names.deactivated, { ...inCore, status: 'DEACTIVATED' });
  const everyone = [admin, manager, lead, report, ...peers, member, otherManager, outsider, deactivated];
  return { name: which, org, team, otherTeam, admin, manager, lead, report, peer: peers[0]!, peers, member, otherManager, outsider, deactivated, everyone };
}
export type WorldOrg = Awaited<ReturnType<typeof seedWorldOrg>>;

/** Both organizations: Acme first, then Globex. */
export async function createWorld(app: FastifyInstance, options: WorldOrgOptions = {}): Promise<{ acme: WorldOrg; globex: WorldOrg }> {
  const acme = await seedWorldOrg(app, 'Acme', options);
  const globex = await seedWorldOrg(app, 'Globex', options);
  return { acme, globex };
}

/** Signs `person` in: their GraphQL caller. */
export async function signInAs(app: FastifyInstance, person: WorldPerson): Promise<WorldCaller> {
  const s = await signedIn(app, person.email);
  return { ...person, token: s.token, gql: s.gql };
}
