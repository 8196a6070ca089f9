import type { OperationRules } from '../../graphql/operation-rules.js';

/** Who may call each teams operation (docs/decisions/0041). */
export const teamsRules: OperationRules = {
  Query: { teams: 'SIGNED_IN' },
  Mutation: { createTeam: 'ADMIN', updateTeam: 'ADMIN', addTeamMembers: 'ADMIN', removeTeamMembers: 'ADMIN', setTeamMembers: 'ADMIN', deleteTeam: 'ADMIN' },
};
