import type { FastifyInstance } from 'fastify';
import type { FeedbackAnswer, FeedbackVisibility } from '../../../shared/feedback.js';
import { newId, nowIso } from '../../lib/tokens.js';
import { addUser, signedIn, type GqlResult } from '../../test/helpers.js';
import { createOrganization } from '../org/org.repo.js';
import { createTeam } from '../teams/teams.repo.js';
import { feedback, feedbackRequests } from './feedback.tables.js';

/**
 * Test support for continuous feedback (server tests drive the real app). Everyone in a world is
 * signed in: `caller.gql(query, variables)` runs as them.
 */

export type FeedbackCaller = {
  id: string; email: string; name: string; organizationId: string; token: string;
  gql: (query: string, variables?: Record<string, unknown>) => Promise<GqlResult<Record<string, any>>>;
};

export async function feedbackPerson(app: FastifyInstance, orgId: string, input: Parameters<typeof addUser>[2] & { full_name: string; email: string }): Promise<FeedbackCaller> {
  const u = await addUser(app, orgId, input);
  const s = await signedIn(app, u.email);
  return { id: u.id, email: u.email, name: input.full_name, organizationId: orgId, token: s.token, gql: s.gql };
}

/**
 * Two organizations. "Acme": an admin; `manager` (MANAGER) is the direct manager (users.manager_id)
 * of `report` and `peer`, both in the team "Core" whose team lead is `teamLead` (a MEMBER, lead
 * only through teams.team_lead_id; the team has no team manager); `otherManager` (MANAGER) manages
 * the team "Owls" and its member `owl`. "Globex": its admin and a member.
 * Nobody but `manager` and `teamLead` is a manager of `report`.
 */
export async function feedbackWorld(app: FastifyInstance) {
  const { db } = app.services;
  const org = createOrganization(db, 'Acme');
  const admin = await feedbackPerson(app, org.id, { email: 'admin@acme.example', full_name: 'Ada Admin', permission_level: 'ADMIN' });
  const manager = await feedbackPerson(app, org.id, { email: 'manager@acme.example', full_name: 'Mona Manager', permission_level: 'MANAGER' });
  const teamLead = await feedbackPerson(app, org.id, { email: 'lead@acme.example', full_name: 'Lee Lead' });
  const team = createTeam(db, org.id, { name: 'Core', team_lead_id: teamLead.id });
  const report = await feedbackPerson(app, org.id, { email: 'report@acme.example', full_name: 'Remy Report', manager_id: manager.id, team_id: team.id });
  const peer = await feedbackPerson(app, org.id, { email: 'peer@acme.example', full_name: 'Pia Peer', manager_id: manager.id, team_id: team.id });
  const otherManager = await feedbackPerson(app, org.id, { email: 'other.manager@acme.example', full_name: 'Otto Other', permission_level: 'MANAGER' });
  const otherTeam = createTeam(db, org.id, { name: 'Owls', manager_id: otherManager.id });
  const owl = await feedbackPerson(app, org.id, { email: 'owl@acme.example', full_name: 'Olga Owl', manager_id: otherManager.id, team_id: otherTeam.id });
  const otherOrg = createOrganization(db, 'Globex');
  const otherAdmin = await feedbackPerson(app, otherOrg.id, { email: 'admin@globex.example', full_name: 'Gus Globex', permission_level: 'ADMIN' });
  const otherMember = await feedbackPerson(app, otherOrg.id, { email: 'member@globex.example', full_name: 'Gina Globex' });
  return { org, team, otherTeam, admin, manager, teamLead, report, peer, otherManager, owl, otherOrg, otherAdmin, otherMember };
}
export type FeedbackWorld = Awaited<ReturnType<typeof feedbackWorld>>;

/** Every field of Feedback (with the users' ids and names). */
export const FEEDBACK_FIELDS_TEST = `
  id giver { id full_name } recipient { id full_name } body visibility tags { id name kind archived }
  answers { question answer } request_id reactions { reaction count mine } slack_shared can_delete created_at
`;

/** A feedback_requests row written directly (for visibility tests, without the request flow). */
export function insertRequestRow(app: FastifyInstance, input: { organizationId: string; requesterId: string; subjectId: string; shared?: boolean; questions?: string[] }): string {
  const id = newId();
  app.services.db.insert(feedbackRequests).values({
    id, organization_id: input.organizationId, requester_id: input.requesterId, subject_id: input.subjectId,
    questions: input.questions ?? ['What went well?'], shared_at: input.shared ? nowIso() : null,
  }).run();
  return id;
}

/** A feedback row written directly (any visibility, any time, an answer to a request). */
export function insertFeedbackRow(app: FastifyInstance, input: {
  organizationId: string; giverId: string | null; recipientId: string; visibility: FeedbackVisibility; body?: string;
  requestId?: string | null; answers?: FeedbackAnswer[] | null; createdAt?: string;
}): string {
  const id = newId();
  app.services.db.insert(feedback).values({
    id, organization_id: input.organizationId, giver_id: input.giverId, recipient_id: input.recipientId, visibility: input.visibility,
    body: input.body ?? (input.answers ? input.answers.map((a) => a.answer).join('\n\n') : `Feedback ${id.slice(0, 6)}`),
    request_id: input.requestId ?? null, answers: input.answers ?? null, created_at: input.createdAt ?? nowIso(),
  }).run();
  return id;
}
