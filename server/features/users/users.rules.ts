import type { OperationRules } from '../../graphql/operation-rules.js';

/** Who may call each users operation (docs/decisions/0041). */
export const usersRules: OperationRules = {
  Query: {
    profileWorkInfo: 'SIGNED_IN',
    profilePhoto: 'SIGNED_IN',
    teamOfUser: 'SIGNED_IN',
    fullProfile: 'SIGNED_IN',
    teamsByUserId: 'SIGNED_IN',
    allUsers: 'SIGNED_IN',
    userByEmail: 'SIGNED_IN',
    checkUserByEmail: 'SIGNED_IN',
    checkUserExists: 'SIGNED_IN',
    organizationUsers: 'SIGNED_IN',
    organizationUsersFull: 'SIGNED_IN',
    organizationAdmins: 'ADMIN',
    usersByTeamIds: 'SIGNED_IN',
    usersByIds: 'SIGNED_IN',
    user: 'SIGNED_IN',
    findOneUser: 'SELF',
    userWidgetPreferences: 'SELF',
  },
  Mutation: {
    updateMe: 'SELF',
    updatePassword: 'SELF',
    updateWidgetPreferences: 'SELF',
    removeLoggedUser: 'SELF',
    // A person changes a few of their own fields, their manager a few more, an admin all (users.policy.ts).
    updateUser: 'SUBJECT_OR_MANAGER',
    updateOneUser: 'ADMIN',
    updateManyUsers: 'ADMIN',
    updateUserByAdmin: 'ADMIN',
    removeUsers: 'ADMIN',
    sendInvitations: 'ADMIN',
    sendInvitationsToAllNotInvited: 'ADMIN',
    addUser: 'ADMIN',
    closeAccount: 'ADMIN',
  },
  Subscription: { userUpdated: 'SELF' },
};
