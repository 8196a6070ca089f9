import type { GraphQLResolveInfo, SelectionSetNode } from 'graphql';
import { USER_COLUMN_NAMES } from './users.repo.js';
import type { users } from './users.tables.js';

type UserColumn = keyof typeof users.$inferSelect;

const COLUMNS = USER_COLUMN_NAMES;
/** Read by policies and relations whatever the fields (isAdmin, canSeePrivateFields, loaders). */
const ALWAYS: UserColumn[] = ['id', 'organization_id', 'status', 'permission_level', 'deleted_at', 'manager_id', 'team_id'];
/** User fields that are not columns, and the columns their resolvers read. */
const DERIVED: Record<string, UserColumn[]> = {
  __typename: [],
  manager: ['manager_id'],
  team: ['team_id'],
  subdepartment: ['subdepartment_id'],
  profile_picture: ['profile_picture_id'],
  managed_teams: [],
  secondary_emails: [],
  secondary_phones: [],
  media: [],
  goals: [],
  user_reviews_reviewee: [],
};

/**
 * The users columns that the fields asked of each user of a list need (fragments included), so
 * that a list of 5,000 reads a dozen columns, not all of them. Null (every column) when a field
 * is neither a column nor listed in DERIVED: a field added later is safe until listed here.
 */
export function userColumnsFor(info: GraphQLResolveInfo | undefined): UserColumn[] | null {
  const set = info?.fieldNodes[0]?.selectionSet;
  if (!set) return null;
  const wanted = new Set<UserColumn>(ALWAYS);
  const seen = new Set<string>();
  const walk = (selections: SelectionSetNode): boolean => {
    for (const sel of selections.selections) {
      if (sel.kind === 'Field') {
        const name = sel.name.value;
        if (COLUMNS.has(name)) wanted.add(name as UserColumn);
        else if (DERIVED[name]) for (const c of DERIVED[name]) wanted.add(c);
        else return false;
      } else if (sel.kind === 'InlineFragment') {
        if (!walk(sel.selectionSet)) return false;
      } else {
        const fragment = info!.fragments[sel.name.value];
        if (!fragment) return false;
        if (seen.has(fragment.name.value)) continue;
        seen.add(fragment.name.value);
        if (!walk(fragment.selectionSet)) return false;
      }
    }
    return true;
  };
  return walk(set) ? [...wanted].sort() : null;
}
