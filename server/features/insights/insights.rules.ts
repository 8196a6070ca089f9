import type { OperationRules } from '../../graphql/operation-rules.js';

/**
 * Who may call each insights operation (docs/decisions/0041, 0051). Team insights: the team's
 * members, its managers and leads and their managers, admins (insights.access.ts decides per team).
 * Individual insights: the person, their manager chain, admins.
 */
export const insightsRules: OperationRules = {
  Query: {
    insightsTeams: 'SIGNED_IN',
    insightsPeople: 'SIGNED_IN',
    teamInsights: 'SUBJECT_OR_MANAGER',
    teamInsightsPullRequests: 'SUBJECT_OR_MANAGER',
    individualInsights: 'SUBJECT_OR_MANAGER',
  },
};
