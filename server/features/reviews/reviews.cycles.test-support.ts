import type { FastifyInstance } from 'fastify';
import { addUser, createTestApp, signedIn } from '../../test/helpers.js';
import { createWorld } from '../../test/world.js';
import { DEFAULT_RATING_LABELS } from '../../../shared/review-template.schemas.js';
import { addDays } from '../../../shared/dates.js';

/** Shared setup and GraphQL documents for the review-cycle tests. */
export type Caller = Awaited<ReturnType<typeof signedIn>>;

export const CYCLE = `id name type status template_name nomination_end review_end results_release perspectives min_peers max_peers anonymity_threshold
  launched_at closed_at released_at participant_count request_count submitted_count can_manage created_by { full_name }
  participants { id reviewee { id full_name } manager { id } results_released_at acknowledged_at can_manage
    nominations { reviewer { id full_name } nominated_by { id } status }
    requests { id reviewer { id } perspective status due_at } }`;
export const REQUEST = `id cycle_id cycle_name cycle_type cycle_status reviewee { id full_name } perspective status due_at submitted_at decline_reason reopened_at
  questions { id section_title position kind prompt options required private } answers { question_id rating text choices }`;

export const future = (days: number) => addDays(Date.now(), days).toISOString();

/** A small template with known questions: every perspective rates, SELF and PEER may comment, the manager picks. */
export const TEMPLATE_INPUT = {
  name: 'Cycle test template',
  review_type: '360',
  sections: [
    {
      title: 'Skills',
      questions: [
        { kind: 'RATING', prompt: 'Overall?', options: [...DEFAULT_RATING_LABELS], perspectives: ['SELF', 'MANAGER', 'PEER', 'DIRECT_REPORT'] },
        { kind: 'TEXT', prompt: 'Anything else?', perspectives: ['SELF', 'PEER'], required: false },
      ],
    },
    {
      title: 'Manager only',
      questions: [{ kind: 'SINGLE_CHOICE', prompt: 'Ready for promotion?', options: ['No', 'Soon', 'Yes'], perspectives: ['MANAGER'], private: true }],
    },
  ],
};

/**
 * The test world (server/test/world.ts) as the review-cycle tests use it. Acme: `a.admin`;
 * `a.manager` manages the team Core and is the direct manager of `a.report` and the four `peers`
 * (by name: Paz, Pia, Pim and Pol Peer), all in Core; `junior` (Jo Junior) reports to the report;
 * `a.member` is in no team; `gone` is the world's deactivated person of Core and `removed` a deleted
 * member of Core. Reviews count a team's members, suggest peers by team and manager, and let a
 * team's lead create cycles for it, so here the world's lead is in no team, has no manager and leads
 * none: Core's participants are the report and the peers. Globex: `b`, the world's other organization.
 */
export async function setUpReviewOrgs() {
  const app: FastifyInstance = await createTestApp();
  const { acme: a, globex: b } = await createWorld(app, { peers: 4 });
  const db = app.services.db;
  db.$client.prepare('UPDATE teams SET team_lead_id = NULL WHERE id = ?').run(a.team.id);
  db.$client.prepare('UPDATE users SET team_id = NULL, manager_id = NULL WHERE id = ?').run(a.lead.id);
  // By name, as every list shows them: Paz, Pia, Pim and Pol Peer.
  const peers = [...a.peers].sort((x, y) => x.name.localeCompare(y.name));
  const junior = await addUser(app, a.org.id, { email: 'junior@acme.example', full_name: 'Jo Junior', manager_id: a.report.id });
  const gone = a.deactivated;
  const removed = await addUser(app, a.org.id, { email: 'removed@acme.example', full_name: 'Removed Person', team_id: a.team.id });
  db.$client.prepare('UPDATE users SET deleted_at = ? WHERE id = ?').run(new Date().toISOString(), removed.id);
  const callers = {
    adminA: await signedIn(app, a.admin.email),
    managerA: await signedIn(app, a.manager.email),
    reportA: await signedIn(app, a.report.email),
    memberA: await signedIn(app, a.member.email),
    juniorA: await signedIn(app, junior.email),
    peerA: await signedIn(app, peers[0]!.email),
    peerB: await signedIn(app, peers[1]!.email),
    adminB: await signedIn(app, b.admin.email),
  };
  const tpl = await callers.adminA.gql('mutation($input: ReviewTemplateInput!) { createReviewTemplate(input: $input) { id sections { questions { id } } } }', {
    input: TEMPLATE_INPUT,
  });
  const templateId = tpl.data!.createReviewTemplate.id as string;
  return { app, a, b, peers, junior, gone, removed, templateId, ...callers };
}

export const cycleInput = (templateId: string, over: Record<string, unknown> = {}) => ({
  name: 'Autumn 360',
  type: '360',
  template_id: templateId,
  participant_ids: [],
  team_ids: [],
  nomination_end: future(5),
  review_end: future(20),
  results_release: future(30),
  min_peers: 2,
  max_peers: 3,
  anonymity_threshold: 3,
  ...over,
});

export const api = {
  create: (c: Caller, input: unknown) => c.gql(`mutation($input: ReviewCycleInput!) { createReviewCycle(input: $input) { ${CYCLE} } }`, { input }),
  update: (c: Caller, id: string, input: unknown) =>
    c.gql(`mutation($id: ID!, $input: ReviewCycleInput!) { updateReviewCycle(id: $id, input: $input) { ${CYCLE} } }`, { id, input }),
  get: (c: Caller, id: string) => c.gql(`query($id: ID!) { reviewCycle(id: $id) { ${CYCLE} } }`, { id }),
  list: (c: Caller) => c.gql('{ reviewCycles { id name status } }'),
  launch: (c: Caller, id: string) => c.gql(`mutation($id: ID!) { launchReviewCycle(id: $id) { ${CYCLE} } }`, { id }),
  close: (c: Caller, id: string) => c.gql(`mutation($id: ID!) { closeReviewCycle(id: $id) { id status closed_at } }`, { id }),
  release: (c: Caller, participantId: string) =>
    c.gql('mutation($p: ID!) { releaseResults(participantId: $p) { id results_released_at } }', { p: participantId }),
  acknowledge: (c: Caller, participantId: string) =>
    c.gql('mutation($p: ID!) { acknowledgeResults(participantId: $p) { id acknowledged_at } }', { p: participantId }),
  nominate: (c: Caller, participantId: string, reviewerIds: string[]) =>
    c.gql('mutation($p: ID!, $r: [ID!]!) { nominatePeers(participantId: $p, reviewerIds: $r) { id nominations { reviewer { id } status } } }', {
      p: participantId,
      r: reviewerIds,
    }),
  approve: (c: Caller, participantId: string) =>
    c.gql('mutation($p: ID!) { approveNominations(participantId: $p) { id nominations { reviewer { id } status } } }', { p: participantId }),
  change: (c: Caller, participantId: string, reviewerIds: string[]) =>
    c.gql('mutation($p: ID!, $r: [ID!]!) { changeNominations(participantId: $p, reviewerIds: $r) { id nominations { reviewer { id } status } } }', {
      p: participantId,
      r: reviewerIds,
    }),
  suggestions: (c: Caller, participantId: string) => c.gql('query($p: ID!) { peerSuggestions(participantId: $p) { id full_name } }', { p: participantId }),
  mine: (c: Caller, includeDone = false) => c.gql(`query($all: Boolean) { myReviewRequests(includeDone: $all) { ${REQUEST} } }`, { all: includeDone }),
  request: (c: Caller, id: string) => c.gql(`query($id: ID!) { reviewRequest(id: $id) { ${REQUEST} } }`, { id }),
  decline: (c: Caller, id: string, reason: string) =>
    c.gql(`mutation($id: ID!, $reason: String!) { declineReviewRequest(id: $id, reason: $reason) { ${REQUEST} } }`, { id, reason }),
  save: (c: Caller, id: string, answers: unknown[]) =>
    c.gql(`mutation($id: ID!, $a: [ReviewAnswerInput!]!) { saveReviewDraft(requestId: $id, answers: $a) { ${REQUEST} } }`, { id, a: answers }),
  submit: (c: Caller, id: string, answers?: unknown[]) =>
    c.gql(`mutation($id: ID!, $a: [ReviewAnswerInput!]) { submitReviewRequest(id: $id, answers: $a) { ${REQUEST} } }`, { id, a: answers }),
  reopen: (c: Caller, id: string) => c.gql(`mutation($id: ID!) { reopenReviewRequest(id: $id) { ${REQUEST} } }`, { id }),
};

/** Rows of a table for one cycle, straight from the database. */
export function countRows(app: FastifyInstance, table: string, cycleId: string): number {
  return (app.services.db.$client.prepare(`SELECT count(*) AS n FROM ${table} WHERE cycle_id = ?`).get(cycleId) as { n: number }).n;
}
