/** Admin mutations over teams (the identity contract has only the read queries). */
export const teamsSchema = /* GraphQL */ `
  input CreateTeamInput {
    name: String!
    manager_id: ID
    team_lead_id: ID
    "People to put in the team at once (each leaves their previous team)."
    member_ids: [ID!]
  }
  input UpdateTeamInput {
    name: String
    manager_id: ID
    team_lead_id: ID
    "ACTIVE or ARCHIVED. An archived team keeps its members and can be made active again."
    status: String
  }
  extend type Query { teams: [Team!]! }
  extend type Mutation {
    "Admin. Names are unique per organization (CONFLICT)."
    createTeam(input: CreateTeamInput!): Team!
    "Admin."
    updateTeam(id: ID!, input: UpdateTeamInput!): Team!
    "Admin: these people join the team, leaving the team they were in (a person has one team)."
    addTeamMembers(id: ID!, user_ids: [ID!]!): Team!
    "Admin: these people leave the team (ids of non-members are ignored)."
    removeTeamMembers(id: ID!, user_ids: [ID!]!): Team!
    "Admin: the team's members become exactly these people."
    setTeamMembers(id: ID!, user_ids: [ID!]!): Team!
    "Admin: soft delete; its members are left without a team. Returns the id."
    deleteTeam(id: ID!): ID!
  }
`;
