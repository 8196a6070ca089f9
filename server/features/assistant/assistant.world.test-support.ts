import type { FastifyInstance } from 'fastify';
import type { AssistantSource } from '../../../shared/assistant.js';
import { newId } from '../../lib/tokens.js';
import { addUser, type GqlResult } from '../../test/helpers.js';
import { seedWorldOrg, signInAs } from '../../test/world.js';
import { feedback, feedbackRequests } from '../feedback/feedback.tables.js';
import { goalCheckIns, goals } from '../goals/goals.tables.js';
import { insertMatrixTrack, placeMatrixPerson } from '../growth/growth.matrix-support.js';
import { assessmentRatings, assessments, developmentPlans } from '../growth/growth.tables.js';
import { noteAgendaItems, notePrivateNotes, notes } from '../notes/notes.tables.js';
import { retroActionItems, retroComments, retroGroups, retroReflections, retros } from '../retros/retros.tables.js';
import { reviewAnswers, reviewCycleQuestions, reviewCycles, reviewParticipants, reviewRequests } from '../reviews/reviews.cycles.tables.js';

/**
 * An organization of the test world with something of every source kind (docs/decisions/0066), each text holding the
 * word "kettle" and a marker of its own (prefixed with the organization's letter), and who may read
 * each marker by the areas' rules, written down by hand:
 * - `manager` manages `lead`, `report` and `peer` (users.manager_id) and the team Core (lead: `lead`);
 *   `skip` manages `manager`; `otherManager` manages the team Owls and `outsider`.
 * - feedback: private manager→report, MANAGER peer→report, public outsider→peer, a REQUESTER answer of
 *   peer to the manager's request about report (not shared);
 * - an ended anonymous retro of Core (reflection, discussion note, action item) and a running one;
 * - notes: report's private note; the manager's 1:1 about report, shared (body, talking point, report's
 *   private part); the manager's unshared 1:1 about peer;
 * - goals of report: EVERYONE, PRIVATE (with a check-in), MANAGER_CHAIN; Core's MANAGER_CHAIN goal;
 * - a closed 360 released to report, threshold 3: self and manager answers (and a private question),
 *   two peer answers (below the threshold: withheld for everyone but their writers);
 * - report's submitted self-assessment, the manager's draft about report, report's plan (mentor: outsider).
 */
export const ROLES = ['admin', 'skip', 'manager', 'lead', 'report', 'peer', 'otherManager', 'outsider'] as const;
export type Role = (typeof ROLES)[number];
export type Person = {
  id: string;
  email: string;
  name: string;
  token: string;
  gql: (q: string, v?: Record<string, unknown>) => Promise<GqlResult<Record<string, any>>>;
};

const ALL: Role[] = [...ROLES];
/** marker -> who may read it (by the areas' own rules). */
export const READERS: Record<string, Role[]> = {
  fbprivate: ['manager', 'report'],
  fbmanager: ['peer', 'report', 'manager', 'lead'],
  fbpublic: ALL,
  fbrequester: ['peer', 'manager'],
  reflection: ['admin', 'manager', 'lead', 'report', 'peer'],
  discussion: ['admin', 'manager', 'lead', 'report', 'peer'],
  actionitem: ['admin', 'manager', 'lead', 'report', 'peer'],
  running: [],
  noteprivate: ['report'],
  managerbody: ['manager'],
  agenda: ['manager', 'report'],
  reportpart: ['report'],
  unsharedagenda: ['manager'],
  goalpublic: ALL,
  goalprivate: ['report'],
  checkinprivate: ['report'],
  goalchain: ['report', 'manager', 'lead', 'skip', 'admin'],
  teamgoal: ['admin', 'skip', 'manager', 'lead', 'report', 'peer'],
  selfanswer: ['report', 'manager', 'admin'],
  selfprivateq: ['report', 'manager', 'admin'],
  manageranswer: ['manager', 'report', 'admin'],
  managerprivateq: ['manager', 'admin'],
  peeranswerone: ['peer'],
  peeranswertwo: ['lead'],
  assessmentsubmitted: ['report', 'manager', 'lead', 'skip', 'admin'],
  assessmentdraft: ['manager'],
  planfocus: ['report', 'manager', 'lead', 'skip', 'admin', 'outsider'],
};
export const MARKERS = Object.keys(READERS);

/** The source each marker's passage belongs to. */
export function sourceOfMarker(marker: string): AssistantSource {
  if (marker.startsWith('fb')) return 'FEEDBACK';
  if (['reflection', 'discussion', 'actionitem', 'running'].includes(marker)) return 'RETROS';
  if (['noteprivate', 'managerbody', 'agenda', 'reportpart', 'unsharedagenda'].includes(marker)) return 'NOTES';
  if (marker.includes('goal') || marker.startsWith('checkin')) return 'GOALS';
  if (marker.startsWith('assessment')) return 'ASSESSMENTS';
  if (marker.startsWith('plan')) return 'DEVELOPMENT_PLANS';
  return 'REVIEWS';
}

export type AssistantOrg = {
  orgId: string;
  letter: string;
  people: Record<Role, Person>;
  coreTeamId: string;
  sharedNoteId: string;
  participantId: string;
  managerRequestId: string;
  reportRequestId: string;
  mark: (marker: string) => string;
};

const text = (mark: string, extra: string) => `${extra} The kettle came up again, ${mark} noted.`;

/**
 * One organization of the test world (server/test/world.ts) with the assistant's sources written into
 * it, its roles signed in. The world's roles keep their names; the assistant adds `skip`, the
 * manager's own manager (a MANAGER of no team), whom the manager-chain rules reach.
 */
export async function seedAssistantOrg(app: FastifyInstance, name: 'Acme' | 'Globex'): Promise<AssistantOrg> {
  const { db } = app.services;
  const letter = name[0]!.toLowerCase();
  const mark = (m: string) => `${letter}z${m}`;
  const world = await seedWorldOrg(app, name);
  const { org, team: core } = world;
  // As in the goals tests: "Bo Boss" (and Globex's "Bea Globex"), a MANAGER of no team.
  const skipName = name === 'Acme' ? 'Bo Boss' : 'Bea Globex';
  const skip = await addUser(app, org.id, { email: `boss@${name.toLowerCase()}.example`, full_name: skipName, permission_level: 'MANAGER' });
  db.$client.prepare('update users set manager_id = ? where id = ?').run(skip.id, world.manager.id);
  const people = {} as Record<Role, Person>;
  for (const role of ROLES) people[role] = await signInAs(app, role === 'skip' ? { ...skip, name: skipName } : world[role]);
  const p = people;
  const o = org.id;
  const at = '2026-11-20T10:00:00.000Z';

  // Feedback.
  const requestId = newId();
  db.insert(feedbackRequests)
    .values({ id: requestId, organization_id: o, requester_id: p.manager.id, subject_id: p.report.id, questions: ['How was it?'] })
    .run();
  for (const [giver, recipient, visibility, m, request] of [
    [p.manager, p.report, 'PRIVATE', 'fbprivate', null],
    [p.peer, p.report, 'MANAGER', 'fbmanager', null],
    [p.outsider, p.peer, 'PUBLIC', 'fbpublic', null],
    [p.peer, p.report, 'REQUESTER', 'fbrequester', requestId],
  ] as const) {
    db.insert(feedback)
      .values({
        id: newId(),
        organization_id: o,
        giver_id: giver.id,
        recipient_id: recipient.id,
        body: text(mark(m), 'Thanks for the release work.'),
        visibility,
        request_id: request,
        created_at: at,
      })
      .run();
  }

  // Retros: one ended (anonymous), one running.
  const retro = (ended: boolean) => {
    const id = newId();
    db.insert(retros)
      .values({
        id,
        organization_id: o,
        team_id: core.id,
        title: ended ? 'Sprint 9 retro' : 'Sprint 10 retro',
        template_id: 'start-stop-continue',
        template_name: 'Start, stop, continue',
        prompts: [{ id: 'stop', title: 'Stop', description: '', colour: 'red' }],
        anonymous: true,
        phase: ended ? 'SUMMARY' : 'REFLECT',
        scheduled_at: at,
        started_at: at,
        ended_at: ended ? at : null,
        author_key: ended ? null : 'k'.repeat(43),
      })
      .run();
    return id;
  };
  const ended = retro(true);
  const running = retro(false);
  const groupId = newId();
  db.insert(retroGroups).values({ id: groupId, organization_id: o, retro_id: ended, title: 'Kettle', created_at: at }).run();
  db.insert(retroComments)
    .values({
      id: newId(),
      organization_id: o,
      retro_id: ended,
      group_id: groupId,
      text: text(mark('discussion'), 'We talked it through.'),
      position: 0,
      created_at: at,
      updated_at: at,
    })
    .run();
  db.insert(retroReflections)
    .values({
      id: newId(),
      organization_id: o,
      retro_id: ended,
      prompt_id: 'stop',
      text: text(mark('reflection'), 'Stop the flaky deploys.'),
      group_id: groupId,
      created_at: at,
      updated_at: at,
    })
    .run();
  db.insert(retroReflections)
    .values({
      id: newId(),
      organization_id: o,
      retro_id: running,
      prompt_id: 'stop',
      text: text(mark('running'), 'Still writing.'),
      author_token: 'tok',
      created_at: at,
      updated_at: at,
    })
    .run();
  db.insert(retroActionItems)
    .values({
      id: newId(),
      organization_id: o,
      retro_id: ended,
      team_id: core.id,
      group_id: groupId,
      text: text(mark('actionitem'), 'Fix the pipeline.'),
      owner_id: p.report.id,
      created_at: at,
    })
    .run();

  // Notes.
  const note = (author: Person, about: Person | null, body: string, shared: boolean) => {
    const id = newId();
    db.insert(notes)
      .values({
        id,
        organization_id: o,
        author_id: author.id,
        about_user_id: about?.id ?? null,
        title: 'One on one',
        body,
        shared_at: shared ? at : null,
        created_at: at,
        updated_at: at,
      })
      .run();
    return id;
  };
  note(p.report, null, text(mark('noteprivate'), 'Personal thoughts.'), false);
  const shared = note(p.manager, p.report, text(mark('managerbody'), 'My private line about them.'), true);
  db.insert(noteAgendaItems)
    .values({ id: newId(), organization_id: o, note_id: shared, text: text(mark('agenda'), 'Talk about the roadmap.'), created_by: p.manager.id })
    .run();
  db.insert(notePrivateNotes)
    .values({ note_id: shared, user_id: p.report.id, organization_id: o, body: text(mark('reportpart'), 'Ask about growth.') })
    .run();
  const unshared = note(p.manager, p.peer, text(mark('managerbody'), 'Another private line.'), false);
  db.insert(noteAgendaItems)
    .values({ id: newId(), organization_id: o, note_id: unshared, text: text(mark('unsharedagenda'), 'Raise the concern.'), created_by: p.manager.id })
    .run();

  // Goals.
  const goal = (m: string, visibility: 'EVERYONE' | 'PRIVATE' | 'MANAGER_CHAIN', team = false) => {
    const id = newId();
    db.insert(goals)
      .values({
        id,
        organization_id: o,
        title: `Goal ${mark(m)}`,
        description: text(mark(m), 'Ship the thing.'),
        owner_kind: team ? 'TEAM' : 'PERSON',
        owner_user_id: team ? null : p.report.id,
        owner_team_id: team ? core.id : null,
        visibility,
        created_at: at,
        updated_at: at,
      })
      .run();
    return id;
  };
  goal('goalpublic', 'EVERYONE');
  const privateGoal = goal('goalprivate', 'PRIVATE');
  db.insert(goalCheckIns)
    .values({
      id: newId(),
      organization_id: o,
      goal_id: privateGoal,
      author_id: p.report.id,
      comment: text(mark('checkinprivate'), 'Slow week.'),
      status: 'AT_RISK',
      progress: 10,
      created_at: at,
    })
    .run();
  goal('goalchain', 'MANAGER_CHAIN');
  goal('teamgoal', 'MANAGER_CHAIN', true);

  // A closed 360 released to report; threshold 3, two peers (withheld).
  const cycleId = newId();
  db.insert(reviewCycles)
    .values({
      id: cycleId,
      organization_id: o,
      name: 'Autumn 360',
      type: '360',
      status: 'CLOSED',
      review_end: '2026-11-30T00:00:00.000Z',
      perspectives: ['SELF', 'MANAGER', 'PEER'],
      min_peers: 0,
      max_peers: 5,
      anonymity_threshold: 3,
      launched_at: at,
      closed_at: at,
    })
    .run();
  const question = (position: number, isPrivate: boolean) => {
    const id = newId();
    db.insert(reviewCycleQuestions)
      .values({
        id,
        organization_id: o,
        cycle_id: cycleId,
        section_position: 0,
        section_title: 'Impact',
        position,
        kind: 'TEXT',
        prompt: isPrivate ? 'Anything for the manager only?' : 'What went well?',
        options: [],
        perspectives: ['SELF', 'MANAGER', 'PEER'],
        required: false,
        private: isPrivate,
      })
      .run();
    return id;
  };
  const q1 = question(0, false);
  const q2 = question(1, true);
  const participantId = newId();
  db.insert(reviewParticipants)
    .values({ id: participantId, organization_id: o, cycle_id: cycleId, reviewee_id: p.report.id, manager_id: p.manager.id, results_released_at: at })
    .run();
  const request = (reviewer: Person, perspective: 'SELF' | 'MANAGER' | 'PEER', answers: Array<[string, string]>) => {
    const id = newId();
    db.insert(reviewRequests)
      .values({
        id,
        organization_id: o,
        cycle_id: cycleId,
        participant_id: participantId,
        reviewee_id: p.report.id,
        reviewer_id: reviewer.id,
        perspective,
        status: 'SUBMITTED',
        due_at: '2026-11-30T00:00:00.000Z',
        submitted_at: at,
      })
      .run();
    for (const [q, m] of answers)
      db.insert(reviewAnswers)
        .values({ id: newId(), organization_id: o, request_id: id, question_id: q, text: text(mark(m), 'Solid quarter.') })
        .run();
    return id;
  };
  const reportRequestId = request(p.report, 'SELF', [
    [q1, 'selfanswer'],
    [q2, 'selfprivateq'],
  ]);
  const managerRequestId = request(p.manager, 'MANAGER', [
    [q1, 'manageranswer'],
    [q2, 'managerprivateq'],
  ]);
  request(p.peer, 'PEER', [[q1, 'peeranswerone']]);
  request(p.lead, 'PEER', [[q1, 'peeranswertwo']]);

  // Growth.
  const track = insertMatrixTrack(app, o);
  placeMatrixPerson(app, o, p.report.id, track);
  const submitted = newId();
  db.insert(assessments)
    .values({
      id: submitted,
      organization_id: o,
      subject_id: p.report.id,
      assessor_id: p.report.id,
      kind: 'SELF',
      status: 'SUBMITTED',
      track_id: track.trackId,
      level_id: track.levelId,
      summary: text(mark('assessmentsubmitted'), 'A good half.'),
      submitted_at: at,
    })
    .run();
  db.insert(assessmentRatings).values({ assessment_id: submitted, competency_id: track.competencyId, organization_id: o, rating: 3, comment: 'Steady.' }).run();
  db.insert(assessments)
    .values({
      id: newId(),
      organization_id: o,
      subject_id: p.report.id,
      assessor_id: p.manager.id,
      kind: 'MANAGER',
      status: 'DRAFT',
      track_id: track.trackId,
      level_id: track.levelId,
      summary: text(mark('assessmentdraft'), 'Draft thoughts.'),
    })
    .run();
  db.insert(developmentPlans)
    .values({ user_id: p.report.id, organization_id: o, mentor_id: p.outsider.id, focus: text(mark('planfocus'), 'Grow as a reviewer.'), updated_at: at })
    .run();

  return { orgId: o, letter, people, coreTeamId: core.id, sharedNoteId: shared, participantId, managerRequestId, reportRequestId, mark };
}

/** The markers (of any organization) a text holds. */
export function markersIn(s: string): string[] {
  return [...s.matchAll(/\b([a-z])z([a-z]+)\b/g)].filter((m) => READERS[m[2]!] !== undefined).map((m) => `${m[1]}z${m[2]}`);
}
