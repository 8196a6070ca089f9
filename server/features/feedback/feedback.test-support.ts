import type { FastifyInstance } from 'fastify';
import type { FeedbackAnswer, FeedbackVisibility } from '../../../shared/feedback.js';
import { newId, nowIso } from '../../lib/tokens.js';
import { addUser } from '../../test/helpers.js';
import { createWorld, signInAs, type WorldCaller, type WorldPerson } from '../../test/world.js';
import { feedback, feedbackRequests } from './feedback.tables.js';

/**
 * Test support for continuous feedback (server tests drive the real app). Everyone in a world is
 * signed in: `caller.gql(query, variables)` runs as them.
 */

export type FeedbackCaller = WorldCaller;

export async function feedbackPerson(
  app: FastifyInstance,
  orgId: string,
  input: Parameters<typeof addUser>[2] & { full_name: string; email: string },
): Promise<FeedbackCaller> {
  const u = await addUser(app, orgId, input);
  return signInAs(app, { ...u, name: input.full_name });
}

/**
 * The test world (server/test/world.ts), with everyone these tests call on signed in. Feedback tells
 * a person's direct manager apart from their team's manager and lead, so here the team "Core" has no
 * team manager and its lead is in no team: "Acme": an admin; `manager` (MANAGER) is the direct
 * manager (users.manager_id) of `report` and `peer`, both in Core, whose team lead is `teamLead` (a
 * MEMBER, lead only through teams.team_lead_id); `otherManager` (MANAGER) manages the team "Owls"
 * and its member `owl`; also a member of no team and a deactivated person of Core. "Globex": its
 * admin and a member (and the world's other roles). Nobody but `manager` and `teamLead` is a manager of `report`.
 */
export async function feedbackWorld(app: FastifyInstance) {
  const { acme, globex } = await createWorld(app);
  const { $client } = app.services.db;
  $client.prepare('UPDATE teams SET manager_id = NULL WHERE id = ?').run(acme.team.id);
  $client.prepare('UPDATE users SET team_id = NULL, manager_id = NULL WHERE id = ?').run(acme.lead.id);
  const as = (p: WorldPerson) => signInAs(app, p);
  return {
    org: acme.org,
    team: acme.team,
    otherTeam: acme.otherTeam,
    admin: await as(acme.admin),
    manager: await as(acme.manager),
    teamLead: await as(acme.lead),
    report: await as(acme.report),
    peer: await as(acme.peer),
    otherManager: await as(acme.otherManager),
    owl: await as(acme.outsider),
    otherOrg: globex.org,
    otherAdmin: await as(globex.admin),
    otherMember: await as(globex.member),
    world: { acme, globex },
  };
}
export type FeedbackWorld = Awaited<ReturnType<typeof feedbackWorld>>;

/** Every field of Feedback (with the users' ids and names). */
export const FEEDBACK_FIELDS_TEST = `
  id giver { id full_name } recipient { id full_name } body visibility tags { id name kind archived }
  answers { question answer } request_id reactions { reaction count mine } slack_shared can_delete created_at
`;

/** A feedback_requests row written directly (for visibility tests, without the request flow). */
export function insertRequestRow(
  app: FastifyInstance,
  input: { organizationId: string; requesterId: string; subjectId: string; shared?: boolean; questions?: string[] },
): string {
  const id = newId();
  app.services.db
    .insert(feedbackRequests)
    .values({
      id,
      organization_id: input.organizationId,
      requester_id: input.requesterId,
      subject_id: input.subjectId,
      questions: input.questions ?? ['What went well?'],
      shared_at: input.shared ? nowIso() : null,
    })
    .run();
  return id;
}

/** A feedback row written directly (any visibility, any time, an answer to a request). */
export function insertFeedbackRow(
  app: FastifyInstance,
  input: {
    organizationId: string;
    giverId: string | null;
    recipientId: string;
    visibility: FeedbackVisibility;
    body?: string;
    requestId?: string | null;
    answers?: FeedbackAnswer[] | null;
    createdAt?: string;
  },
): string {
  const id = newId();
  app.services.db
    .insert(feedback)
    .values({
      id,
      organization_id: input.organizationId,
      giver_id: input.giverId,
      recipient_id: input.recipientId,
      visibility: input.visibility,
      body: input.body ?? (input.answers ? input.answers.map((a) => a.answer).join('\n\n') : `Feedback ${id.slice(0, 6)}`),
      request_id: input.requestId ?? null,
      answers: input.answers ?? null,
      created_at: input.createdAt ?? nowIso(),
    })
    .run();
  return id;
}
