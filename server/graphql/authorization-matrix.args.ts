import type { FastifyInstance } from 'fastify';
import { TEMPLATE_INPUT, cycleInput, future } from '../features/reviews/reviews.cycles.test-support.js';
import { ruleInput } from '../features/reviews/reviews.automation.test-support.js';
import { TEST_PASSWORD, addUser } from '../test/helpers.js';
import type { Chooser, RootField } from '../test/operations.js';
import { sprintInput, type OrgWorld } from './authorization-matrix.fixtures.js';
import {
  createMatrixRetro,
  insertActionItem,
  retroHealthCheckInput,
  retroInput,
  retroRuleInput,
  retroTemplateInput,
} from '../features/retros/retros.matrix-support.js';
import { feedbackRequestInput, feedbackRuleInput, insertGivenFeedback } from '../features/feedback/feedback.matrix-support.js';
import { insertMatrixAgendaItem, insertMatrixNote } from '../features/notes/notes.matrix-support.js';
import { insertMatrixGoal, matrixGoalsCsv } from '../features/goals/goals.matrix-support.js';
import { insertMatrixAction, insertMatrixTrack, placeMatrixPerson, subjectDraft } from '../features/growth/growth.matrix-support.js';
import { BUILTIN_TRACKS } from '../../shared/growth.builtin-framework.js';
import { insertMatrixConnection, matrixCodeProcessInput } from '../features/integrations/integrations.matrix-support.js';
import { assistantSettingsInput, insertMatrixConversation } from '../features/assistant/assistant.matrix-support.js';

/**
 * Arguments of any operation, aimed at one organization's objects (docs/decisions/0041): chosen by
 * argument (or input field) name, `id`/`ids` by the object the operation is about, whole inputs by
 * input type. OVERRIDES holds the few operations where that guess is wrong: mostly fresh objects
 * for operations that delete or archive theirs, so later calls still find the shared ones.
 */
type Pick = (w: OrgWorld) => unknown;
type Fresh = (app: FastifyInstance, w: OrgWorld) => Promise<unknown>;

const gqlId = async (w: OrgWorld, as: 'admin' | 'ownManager' | 'subject', query: string, variables: Record<string, unknown>, field: string) =>
  ((await w.callers[as].gql(query, variables)).data![field] as { id: string }).id;

/** Per operation and argument: a value, or a fresh object made for that one call. */
const OVERRIDES: Record<string, Record<string, Pick | { fresh: Fresh }>> = {
  deleteTeam: {
    id: {
      fresh: (_app, w) =>
        gqlId(w, 'admin', 'mutation($i: CreateTeamInput!) { createTeam(input: $i) { id } }', { i: { name: `Gone ${Math.random()}` } }, 'createTeam'),
    },
  },
  deleteBusinessUnit: {
    id: { fresh: (_app, w) => gqlId(w, 'admin', `mutation { createBusinessUnit(unit_name: "Gone ${Math.random()}") { id } }`, {}, 'createBusinessUnit') },
  },
  deleteDepartment: {
    id: {
      fresh: (_app, w) =>
        gqlId(
          w,
          'admin',
          `mutation($b: ID!) { createDepartment(business_unit_id: $b, name: "Gone ${Math.random()}") { id } }`,
          { b: w.bu.id },
          'createDepartment',
        ),
    },
  },
  deleteSubdepartment: {
    id: {
      fresh: (_app, w) =>
        gqlId(
          w,
          'admin',
          `mutation($d: ID!) { createSubdepartment(department_id: $d, title: "Gone ${Math.random()}") { id } }`,
          { d: w.dept.id },
          'createSubdepartment',
        ),
    },
  },
  removeUsers: { ids: { fresh: async (app, w) => [(await addUser(app, w.orgId)).id] } },
  archiveReviewTemplate: {
    id: {
      fresh: (_app, w) =>
        gqlId(w, 'ownManager', 'mutation($i: ReviewTemplateInput!) { createReviewTemplate(input: $i) { id } }', { i: TEMPLATE_INPUT }, 'createReviewTemplate'),
    },
  },
  deleteReviewAutomationRule: {
    id: {
      fresh: (_app, w) =>
        gqlId(
          w,
          'ownManager',
          'mutation($i: ReviewAutomationRuleInput!) { createReviewAutomationRule(input: $i) { id } }',
          { i: automationRuleInput(w) },
          'createReviewAutomationRule',
        ),
    },
  },
  deleteReviewSprint: {
    id: {
      fresh: (_app, w) =>
        gqlId(
          w,
          'ownManager',
          'mutation($i: ReviewSprintInput!) { createReviewSprint(input: $i) { id } }',
          { i: sprintInput(w.team.id) },
          'createReviewSprint',
        ),
    },
  },
  // A request that can no longer be reminded: refused callers must not learn that (CONFLICT) before they are refused.
  remindReviewer: { requestId: (w) => w.closedCycle.requestId },
  // A new batch's id is chosen by the client, not an object: a fresh one.
  massCreateUsers: { batch_id: () => null },
  // Retros: fresh objects for what deletes or archives; a reflection (not the retro) to move.
  deleteRetro: { id: { fresh: (_app, w) => createMatrixRetro(w.callers.subject, w.team.id) } },
  suggestRetroGroups: { retro_id: { fresh: (_app, w) => createMatrixRetro(w.callers.subject, w.team.id) } },
  moveRetroReflection: { id: (w) => w.retros.reflectionId },
  deleteRetroActionItem: { id: { fresh: async (app, w) => insertActionItem(app, w.orgId, w.retros.retroId, w.team.id, w.people.subject.id) } },
  archiveRetroTemplate: {
    id: {
      fresh: (_app, w) =>
        gqlId(w, 'subject', 'mutation($i: RetroTemplateInput!) { createRetroTemplate(input: $i) { id } }', { i: retroTemplateInput() }, 'createRetroTemplate'),
    },
  },
  archiveRetroHealthCheck: {
    id: {
      fresh: (_app, w) =>
        gqlId(
          w,
          'subject',
          'mutation($i: RetroHealthCheckInput!) { createRetroHealthCheck(input: $i) { id } }',
          { i: retroHealthCheckInput() },
          'createRetroHealthCheck',
        ),
    },
  },
  // Feedback: a fresh piece the subject gave (deleteFeedback removes it); fresh rules to delete.
  deleteFeedback: { id: { fresh: async (app, w) => insertGivenFeedback(app, w.orgId, w.people.subject.id, w.people.peers[1]!.id) } },
  deleteFeedbackAutomationRule: {
    id: {
      fresh: (_app, w) =>
        gqlId(
          w,
          'ownManager',
          'mutation($i: FeedbackAutomationRuleInput!) { createFeedbackAutomationRule(input: $i) { id } }',
          { i: feedbackRuleInput(w.team.id) },
          'createFeedbackAutomationRule',
        ),
    },
  },
  // Notes: fresh notes and talking points for what deletes or shares them.
  deleteNote: { id: { fresh: async (app, w) => insertMatrixNote(app, w.orgId, w.people.subject.id, w.people.ownManager.id) } },
  shareNote: { id: { fresh: async (app, w) => insertMatrixNote(app, w.orgId, w.people.subject.id, w.people.ownManager.id) } },
  updateNoteAgendaItem: { id: (w) => w.notes.agendaItemId },
  deleteNoteAgendaItem: { id: { fresh: async (app, w) => insertMatrixAgendaItem(app, w.orgId, w.notes.noteId, w.people.subject.id) } },
  deleteRetroAutomationRule: {
    id: {
      fresh: (_app, w) =>
        gqlId(
          w,
          'ownManager',
          'mutation($i: RetroAutomationRuleInput!) { createRetroAutomationRule(input: $i) { id } }',
          { i: retroRuleInput(w.team.id) },
          'createRetroAutomationRule',
        ),
    },
  },
  // Goals: a fresh goal to delete. Framework: a fresh track to archive, a fresh report of the manager to unplace.
  deleteGoal: { id: { fresh: async (app, w) => insertMatrixGoal(app, { orgId: w.orgId, ownerId: w.people.subject.id }).goalId } },
  archiveCompetencyTrack: { id: { fresh: async (app, w) => insertMatrixTrack(app, w.orgId).trackId } },
  removePlacement: {
    user_id: {
      fresh: async (app, w) => {
        const report = await addUser(app, w.orgId, { manager_id: w.people.ownManager.id });
        placeMatrixPerson(app, w.orgId, report.id, w.growth);
        return report.id;
      },
    },
  },
  // The subject's own self-assessment draft (made again when one of these used it up).
  saveAssessment: { id: { fresh: async (app, w) => subjectDraft(app, w.orgId, w.people.subject.id, w.growth) } },
  submitAssessment: { id: { fresh: async (app, w) => subjectDraft(app, w.orgId, w.people.subject.id, w.growth) } },
  deleteAssessmentDraft: { id: { fresh: async (app, w) => subjectDraft(app, w.orgId, w.people.subject.id, w.growth) } },
  goalsInPeriod: { from: () => '2026-01-01', to: () => '2026-12-31' },
  deleteDevelopmentAction: { id: { fresh: async (app, w) => insertMatrixAction(app, w.orgId, w.people.subject.id) } },
  // Integrations: operations on a connection that return something else; a fresh connection to disconnect.
  testIntegration: { id: (w) => w.integrations.connectionId },
  syncIntegration: { id: (w) => w.integrations.connectionId },
  refreshIntegrationScopes: { id: (w) => w.integrations.connectionId },
  setIntegrationScopes: { id: (w) => w.integrations.connectionId },
  disconnectIntegration: { id: { fresh: async (app, w) => insertMatrixConnection(app, w.orgId, 'BITBUCKET') } },
  // The assistant: a fresh conversation of the subject to delete; nothing listens at the endpoint tested (the guard refuses it first).
  deleteAssistantConversation: { id: { fresh: async (app, w) => insertMatrixConversation(app, w.orgId, w.people.subject.id) } },
  testAssistantEndpoint: { base_url: () => 'http://127.0.0.1:9', api_key: () => null },
  sendRetroActionToTracker: { action_item_id: (w) => w.retros.actionItemId, scope_id: (w) => w.integrations.scopeId },
  // Exactly the team's members as they are: nobody moves.
  setTeamMembers: { user_ids: (w) => [w.people.subject.id, ...w.people.peers.map((p) => p.id)] },
};

const automationRuleInput = (w: OrgWorld) => ruleInput({ template_id: w.template.id, user_ids: [w.people.subject.id], anchor_on: future(3).slice(0, 10) });

/** Whole inputs by input type: valid, and within what the subject may change about themself. */
const INPUTS: Record<string, Pick> = {
  UpdateUserInput: () => ({ full_name: 'Matrix Name' }),
  AdminUserInput: () => ({ full_name: 'Matrix Name' }),
  UpdateMeInput: () => ({ full_name: 'Matrix Name' }),
  UpdatePasswordInput: () => ({ current_password: TEST_PASSWORD, new_password: TEST_PASSWORD }),
  UpdateOrganizationInput: (w) => ({ name: w.name }),
  ReviewTemplateInput: () => TEMPLATE_INPUT,
  ReviewCycleInput: (w) => cycleInput(w.template.id, { participant_ids: [w.people.subject.id], perspectives: ['SELF', 'MANAGER'] }),
  ReviewAutomationRuleInput: automationRuleInput,
  ReviewSprintInput: (w) => sprintInput(w.team.id),
  // A new person's address, not a reference (emails are unique in the whole install: a taken one says so).
  // Ends in '-row@': a random part ending in 'bo' must not read as bo@acme.example (the leak check matches substrings).
  MassCreateUserRow: (w) => ({ email: `new-${Math.random().toString(36).slice(2)}-row@${w.name.toLowerCase()}.example`, full_name: 'New Person' }),
  CreateTeamInput: (w) => ({ name: `Matrix ${Math.random()}`, member_ids: [w.people.spare.id] }),
  CreateRetroInput: (w) => retroInput(w.team.id),
  RetroSettingsInput: () => ({ title: 'Matrix retro' }),
  RetroTemplateInput: retroTemplateInput,
  RetroHealthCheckInput: retroHealthCheckInput,
  RetroActionItemInput: (w) => ({ text: 'Matrix action', owner_id: w.people.subject.id }),
  RetroAutomationRuleInput: (w) => retroRuleInput(w.team.id),
  GiveFeedbackInput: (w) => ({ recipient_id: w.people.subject.id, body: 'Matrix praise', visibility: 'PUBLIC' }),
  FeedbackFilter: () => ({ box: 'RECEIVED' }),
  FeedbackTagInput: () => ({ name: `Matrix tag ${Math.random()}`, kind: 'VALUE' }),
  FeedbackTemplateInput: () => ({ name: 'Matrix questions', questions: ['How did it go?'] }),
  RequestFeedbackInput: (w) => feedbackRequestInput(w.people.subject.id, w.people.peers[1]!.id),
  FeedbackAutomationRuleInput: (w) => feedbackRuleInput(w.team.id),
  NoteInput: () => ({ title: 'Matrix note' }),
  GoalInput: () => ({ title: 'Matrix goal', owner_kind: 'PERSON', visibility: 'EVERYONE' }),
  GoalUpdateInput: () => ({ title: 'Matrix goal' }),
  GoalListFilter: () => ({ include_closed: true }),
  CheckInInput: (w) => ({ goal_id: w.goals.goalId, comment: 'Matrix check-in' }),
  GoalSettingsInput: () => ({ check_in_cadence: 'WEEKLY', check_in_weekday: 1, due_reminder_days: 7 }),
  CompetencyTrackInput: () => ({
    name: `Matrix track ${Math.random()}`,
    levels: [{ name: 'One' }],
    competencies: [{ name: 'Skill', expectations: ['Does it'] }],
  }),
  PlacementInput: (w) => ({ user_id: w.people.subject.id, track_id: w.growth.trackId, level_id: w.growth.levelId }),
  AssessmentRatingsInput: (w) => ({ ratings: [{ competency_id: w.growth.competencyId, rating: 3, comment: '' }], summary: '' }),
  DevelopmentActionInput: () => ({ title: 'Matrix action' }),
  DevelopmentPlanInput: () => ({ mentor_id: null, focus: 'Matrix focus' }),
  // Nobody listens at the base URL: the connection test fails fast and says so (BAD_USER_INPUT), nothing is stored.
  ConnectIntegrationInput: () => ({ provider: 'SLACK', base_url: 'http://127.0.0.1:9', token: 'xoxb-matrix' }),
  UpdateIntegrationInput: () => ({ backfill_months: 6 }),
  IntegrationScopeInput: (w) => ({ id: w.integrations.scopeId, included: true, team_id: w.team.id }),
  CodeProcessSettingsInput: matrixCodeProcessInput,
  AssistantSettingsInput: assistantSettingsInput,
};

/** What `id` / `ids` name, by the object type the operation returns or names. */
const BY_TYPE: Array<[string, Pick]> = [
  // Retro types before Retro: operations that return nothing are matched by name, the longest first.
  ['RetroReflection', (w) => w.retros.reflectionId],
  ['RetroComment', (w) => w.retros.commentId],
  ['RetroGroup', (w) => w.retros.groupId],
  ['RetroActionItem', (w) => w.retros.actionItemId],
  ['RetroTemplate', (w) => w.retros.templateId],
  ['RetroHealthCheck', (w) => w.retros.healthCheckId],
  ['RetroAutomationRule', (w) => w.retros.ruleId],
  ['Retro', (w) => w.retros.retroId],
  ['FeedbackTag', (w) => w.feedback.tagId],
  ['FeedbackTemplate', (w) => w.feedback.templateId],
  ['FeedbackAutomationRule', (w) => w.feedback.ruleId],
  ['FeedbackRequest', (w) => w.feedback.requestId],
  ['Feedback', (w) => w.feedback.feedbackId],
  ['NoteAgendaItem', (w) => w.notes.agendaItemId],
  ['Note', (w) => w.notes.noteId],
  ['CompetencyTrack', (w) => w.growth.trackId],
  ['DevelopmentAction', (w) => w.growth.actionId],
  ['Assessment', (w) => w.growth.assessmentId],
  ['Goal', (w) => w.goals.goalId],
  ['AssistantConversation', (w) => w.assistant.conversationId],
  ['IntegrationConnection', (w) => w.integrations.connectionId],
  ['ExternalAccount', (w) => w.integrations.accountId],
  ['ReviewAutomationRule', (w) => w.rule.id],
  ['ReviewTemplate', (w) => w.template.id],
  ['ReviewRequest', (w) => w.request.id],
  ['ReviewCycle', (w) => w.cycle.id],
  ['ReviewSprint', (w) => w.sprint.id],
  ['ScheduledJob', (w) => w.job.id],
  ['Subdepartment', (w) => w.subdept.id],
  ['Department', (w) => w.dept.id],
  ['BusinessUnit', (w) => w.bu.id],
  ['Notification', (w) => w.notification.id],
  ['Team', (w) => w.team.id],
  ['User', (w) => w.people.subject.id],
];

/** By argument or input field name. */
const BY_NAME: Record<string, Pick> = {
  // Participants: the subject's in the closed cycle, results released; requests: the subject's self review in the active one.
  userId: (w) => w.people.subject.id,
  participantId: (w) => w.closedCycle.participantId,
  requestId: (w) => w.request.id,
  cycleId: (w) => w.cycle.id,
  ruleId: (w) => w.rule.id,
  teamId: (w) => w.team.id,
  teamIds: (w) => [w.team.id],
  batch_id: (w) => w.batch.batch_id,
  email: (w) => w.people.subject.email,
  password: () => TEST_PASSWORD,
  reviewerIds: (w) => w.people.peers.slice(0, 2).map((p) => p.id),
  user_ids: (w) => [w.people.spare.id],
  member_ids: (w) => [w.people.spare.id],
  participant_ids: (w) => [w.people.subject.id],
  team_ids: (w) => [w.team.id],
  manager_id: (w) => w.people.ownManager.id,
  team_lead_id: (w) => w.people.ownManager.id,
  team_id: (w) => w.team.id,
  template_id: (w) => w.template.id,
  ask_id: (w) => w.feedback.askId,
  note_id: (w) => w.notes.noteId,
  goal_id: (w) => w.goals.goalId,
  root_id: (w) => w.goals.teamGoalId,
  exclude_id: (w) => w.goals.goalId,
  track_id: (w) => w.growth.trackId,
  level_id: (w) => w.growth.levelId,
  competency_id: (w) => w.growth.competencyId,
  key: () => BUILTIN_TRACKS[0]!.key,
  csv: () => matrixGoalsCsv(),
  retro_id: (w) => w.retros.retroId,
  prompt_id: () => 'start',
  group_id: (w) => w.retros.groupId,
  user_id: (w) => w.people.subject.id,
  business_unit_id: (w) => w.bu.id,
  department_id: (w) => w.dept.id,
  subdepartment_id: (w) => w.subdept.id,
  // Never switch an area off, never a real run.
  enabled: () => true,
  dryRun: () => true,
  includeDeleted: () => false,
  includeAzureEmail: () => false,
  limit: () => 20,
  offset: () => 0,
};

const namedType = (type: string) => type.replace(/[[\]!]/g, '');

function objectOf(field: RootField): Pick | undefined {
  const returned = namedType(field.type.toString());
  return (BY_TYPE.find(([t]) => t === returned) ?? BY_TYPE.find(([t]) => field.name.includes(t)))?.[1];
}

/** A chooser for the operation's arguments against world `w`; fresh objects are made first (await prepare()). */
export function argumentsFor(app: FastifyInstance, field: RootField, w: OrgWorld) {
  const fresh = new Map<string, unknown>();
  const overrides = OVERRIDES[field.name] ?? {};
  const prepare = async () => {
    for (const [name, o] of Object.entries(overrides)) if (typeof o === 'object' && 'fresh' in o) fresh.set(name, await o.fresh(app, w));
  };
  const choose: Chooser = (name, type) => {
    if (fresh.has(name)) return fresh.get(name);
    const override = overrides[name];
    if (typeof override === 'function') return override(w);
    const input = INPUTS[namedType(type)];
    if (input) return input(w);
    if (name === 'id' || name === 'ids') {
      const id = (objectOf(field) ?? BY_TYPE.at(-1)![1])(w);
      return name === 'ids' ? [id] : id;
    }
    return BY_NAME[name]?.(w);
  };
  return { prepare, choose };
}
