import type {
  ASTVisitor,
  DocumentNode,
  FieldNode,
  FragmentDefinitionNode,
  GraphQLField,
  GraphQLNamedType,
  GraphQLSchema,
  OperationDefinitionNode,
  SelectionSetNode,
  ValidationContext,
  ValidationRule,
  ValueNode,
} from 'graphql';
import { graphql } from './graphql-runtime.js';
import { QUERY_TOO_COMPLEX } from '../../shared/errors.js';
import { formatNumber } from '../../shared/format.js';

const { GraphQLError, Kind, getNamedType, getNullableType, isCompositeType, isListType, isObjectType } = graphql;

/**
 * Static cost of an operation, estimated before execution (docs/decisions/0043): every
 * selected field costs 1, and a list field multiplies the cost of its sub-selection by the
 * number of items it is expected to hold. The estimate depends on the document only (not on
 * variables or data), so it is computed once per document with the other validation rules
 * and cached with them; the same query is allowed or refused in every organization.
 */
export const QUERY_COST_LIMIT = 250_000;

/** People of one organization: the size the product is built and benchmarked for. */
export const ORG_PEOPLE = 5_000;
/** People in one team, and teams in one organization. */
export const TEAM_PEOPLE = 100;
export const ORG_TEAMS = 200;
/** A paging argument (`first`, `limit`, `take`) given as a variable: the largest page any resolver accepts. */
export const PAGE_MAX = 500;
/** A list field not in LIST_SIZES. */
export const DEFAULT_LIST_SIZE = 100;
const PAGE_ARGS = ['first', 'limit', 'take'];

/**
 * Expected items of each list field whose size no argument gives, in one place. Lists of
 * User not named here count as a whole organization (ORG_PEOPLE).
 */
export const LIST_SIZES: Readonly<Record<string, number>> = {
  'Query.teams': ORG_TEAMS,
  'Query.teamsByUserId': 10,
  'Team.users': TEAM_PEOPLE,
  'User.managed_teams': 10,
  'User.secondary_emails': 5,
  'User.secondary_phones': 5,
  'User.goals': 20,
  'User.media': 20,
  'Query.businessUnits': 50,
  'Query.departments': 200,
  'Query.subdepartments': 500,
  'BusinessUnit.departments': 20,
  'Department.subdepartments': 20,
  'ReviewCycle.participants': 1_000,
  'ReviewParticipant.nominations': 10,
  'ReviewParticipant.requests': 10,
  'ReviewTeamProgress.people': TEAM_PEOPLE,
  'ReviewCycleProgress.teams': ORG_TEAMS,
  'ReviewAutomationRule.teams': ORG_TEAMS,
  'Query.myNominationTasks': 20,
  'Query.featureAreas': 20,
  'Organization.github_integrations': 10,
  // People who fit an ambiguous account of a connected service (shared emails): a handful.
  'ExternalAccount.candidates': 10,
  'AdminDashboard.recent_sign_ins': 10,
  'PendingInvitations.oldest': 10,
  'AdminDashboard.engagement_by_day': 90,
  'AdminDashboard.top_pages': 20,
  'ReviewCycleReadiness.short': 1_000,
  'Query.reviewAutomationRules': 50,
  'ReviewAutomationRule.people': 500,
  // One person's review results: perspectives x template sections x questions x answers.
  'ReviewResults.perspectives': 5,
  'ReviewResults.sections': 10,
  'ResultSection.questions': 15,
  'ResultSection.cells': 5,
  'ResultPooled.cells': 5,
  'ResultQuestion.cells': 5,
  'ResultCombined.excluded': 5,
  'ResultCell.choices': 10,
  'ResultCell.comments': 15,
  'ResultCell.answers': 5,
  'Query.reviewTemplates': 50,
  'ReviewTemplate.sections': 20,
  'ReviewTemplateSection.questions': 20,
  'ReviewCycleReadiness.at_risk': 1_000,
  // Continuous feedback: a request asks at most 10 people; an item has at most 5 tags, 5 reaction kinds, 10 answers.
  'FeedbackRequest.asks': 10,
  'FeedbackRequest.answers': 10,
  'Feedback.tags': 5,
  'Feedback.reactions': 5,
  'Feedback.answers': 10,
  // Competency framework (shared/growth.ts GROWTH_LIMITS): 30 tracks, 12 levels, 30 competencies, one expectation per level.
  'Query.competencyFramework': 30,
  'CompetencyTrack.levels': 12,
  'CompetencyTrack.competencies': 30,
  'Competency.expectations': 12,
  'Query.placements': ORG_PEOPLE,
  'Goal.key_results': 10,
  'Goal.children': 50,
  'GoalCheckIn.changes': 10,
  'Query.myGoals': 100,
  'Query.myGoalTeams': 10,
  'Query.alignableGoals': 20,
  'Query.goalsInPeriod': 50,
  'TeamGoals.goals': 50,
  'TeamGoals.member_goals': TEAM_PEOPLE,
  'TeamGoals.unaligned_member_goals': TEAM_PEOPLE,
  'DevelopmentPlan.growth_goals': 20,
  'DevelopmentPlan.actions': 50,
  'AssessmentOverview.rows': 30,
  'AssessmentOverview.history': 20,
  'Assessment.ratings': 30,
  'Query.developmentTeamProgress': ORG_TEAMS,
  // Everyone of the organization across its teams: ORG_PEOPLE / ORG_TEAMS a team on average.
  'DevelopmentTeamProgress.people': ORG_PEOPLE / ORG_TEAMS,
  // A live retro (docs/decisions/0059): the people of one team writing, voting, taking part; a topic's comments.
  'RetroTyping.people': TEAM_PEOPLE,
  'RetroTyping.per_group': 50,
  'RetroGroupTyping.people': TEAM_PEOPLE,
  'RetroVoting.people': TEAM_PEOPLE,
  'RetroParticipation.people': TEAM_PEOPLE,
  'RetroGroup.comments': 30,
  // The assistant (docs/decisions/0066): 7 sources; an answer shows at most 24 passages in 10 sources, 4 each.
  'AssistantStatus.sources': 7,
  'AssistantSettings.sources': 7,
  'AssistantScope.sources': 7,
  'AssistantEndpointTest.models': 500,
  'AssistantConversation.messages': 50,
  'AssistantMessage.groups': 10,
  'AssistantSourceGroup.passages': 4,
  'AssistantMessage.model_sentences': 12,
  'AssistantModelSentence.cites': 5,
};

/** The integer a literal, or null for a variable or anything else. */
function intOf(node: ValueNode | undefined): number | null {
  return node?.kind === Kind.INT ? Number(node.value) : null;
}

/** The paging argument of a field: its literal value, PAGE_MAX for a variable, the schema default, or null when there is none. */
function pageSize(field: GraphQLField<unknown, unknown> | undefined, node: FieldNode | undefined): number | null {
  if (!field || !node) return null;
  for (const name of PAGE_ARGS) {
    const def = field.args.find((a) => a.name === name);
    if (!def) continue;
    const arg = node.arguments?.find((a) => a.name.value === name);
    if (arg) return arg.value.kind === Kind.VARIABLE ? PAGE_MAX : (intOf(arg.value) ?? PAGE_MAX);
    return typeof def.defaultValue === 'number' ? def.defaultValue : null;
  }
  return null;
}

/**
 * Expected items of a list field: its own paging argument, else the paging argument of the
 * field that returned its parent when that is one object (a page such as
 * AuditEventPage.events), else the length of a literal `ids` list, else LIST_SIZES, else
 * ORG_PEOPLE for people and DEFAULT_LIST_SIZE for the rest.
 */
function listSize(key: string, element: GraphQLNamedType, field: GraphQLField<unknown, unknown>, node: FieldNode, parent: Parent): number {
  const own = pageSize(field, node);
  if (own !== null) return own;
  const pageObject = parent.field && !isListType(getNullableType(parent.field.type));
  const fromParent = pageObject ? pageSize(parent.field, parent.node) : null;
  if (fromParent !== null) return fromParent;
  const ids = node.arguments?.find((a) => a.name.value === 'ids');
  if (ids?.value.kind === Kind.LIST) return ids.value.values.length;
  return LIST_SIZES[key] ?? (element.name === 'User' ? ORG_PEOPLE : DEFAULT_LIST_SIZE);
}

type Parent = { field?: GraphQLField<unknown, unknown>; node?: FieldNode };

/** Estimated cost of one operation (see QUERY_COST_LIMIT); stops counting once past `stopAt`. */
export function operationCost(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, stopAt = Number.POSITIVE_INFINITY): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);

  function cost(set: SelectionSetNode, type: GraphQLNamedType | null | undefined, parent: Parent, seen: Set<string>, budget: number): number {
    let total = 0;
    for (const sel of set.selections) {
      if (total > budget) return total;
      if (sel.kind === Kind.INLINE_FRAGMENT) {
        const on = sel.typeCondition ? schema.getType(sel.typeCondition.name.value) : type;
        total += cost(sel.selectionSet, on, parent, seen, budget - total);
      } else if (sel.kind === Kind.FRAGMENT_SPREAD) {
        const frag = fragments.get(sel.name.value);
        if (!frag || seen.has(frag.name.value)) continue;
        seen.add(frag.name.value);
        total += cost(frag.selectionSet, schema.getType(frag.typeCondition.name.value), parent, seen, budget - total);
        seen.delete(frag.name.value);
      } else {
        total += 1;
        if (!sel.selectionSet) continue;
        const field = type && (isObjectType(type) || graphql.isInterfaceType(type)) ? type.getFields()[sel.name.value] : undefined;
        if (!field) {
          total += cost(sel.selectionSet, null, {}, seen, budget - total);
          continue;
        }
        const element = getNamedType(field.type);
        const size =
          isListType(getNullableType(field.type)) && isCompositeType(element) ? listSize(`${type!.name}.${field.name}`, element, field, sel, parent) : 1;
        if (size === 0) continue;
        const sub = cost(sel.selectionSet, element, { field, node: sel }, seen, Math.ceil((budget - total) / size));
        total += size * sub;
      }
    }
    return total;
  }

  const root = schema.getRootType(operation.operation);
  return cost(operation.selectionSet, root, {}, new Set(), stopAt);
}

export function tooComplexError(name: string, limit = QUERY_COST_LIMIT, nodes?: readonly OperationDefinitionNode[]) {
  return new GraphQLError(
    `Operation ${name} is too expensive: its estimated cost is over ${formatNumber(limit)} (lists count their expected size). Ask for fewer fields or fewer nested lists.`,
    { nodes, extensions: { code: QUERY_TOO_COMPLEX, limit } },
  );
}

/** The validation rule: every operation of the document must stay within QUERY_COST_LIMIT. */
export const queryCostRule: ValidationRule = (context: ValidationContext): ASTVisitor => ({
  OperationDefinition(node) {
    const total = operationCost(context.getSchema(), context.getDocument(), node, QUERY_COST_LIMIT);
    if (total > QUERY_COST_LIMIT) context.reportError(tooComplexError(node.name?.value ?? 'anonymous', QUERY_COST_LIMIT, [node]));
  },
});
