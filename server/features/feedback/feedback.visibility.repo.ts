import { sql, type SQL } from 'drizzle-orm';
import type { Viewer } from '../auth/viewer.js';
import { feedback, feedbackRequests } from './feedback.tables.js';
import { users } from '../users/users.repo.js';
import { teams } from '../teams/teams.repo.js';

/**
 * Who reads a piece of feedback (docs/decisions/0048): the one rule, as an SQL condition on the
 * `feedback` table for every list and count, and per row for single reads. Always within the
 * viewer's organization. Admins have no extra right: what they read is what the rule gives them
 * as a person (public praise, what they gave or received, their reports' MANAGER feedback).
 * - the giver, always;
 * - PUBLIC: everyone in the organization;
 * - the recipient: PRIVATE, MANAGER and PUBLIC; a REQUESTER answer when they asked themselves or
 *   the requester shared the request;
 * - MANAGER: also the recipient's managers (direct manager, their team's manager or lead);
 * - REQUESTER: also the requester.
 */
export function readableFeedback(viewer: Viewer): SQL {
  const v = viewer.userId;
  const org = viewer.organizationId;
  // The order matters for speed only: `visibility` and `organization_id` are in every feedback index, so
  // SQLite settles public praise without reading the row (the praise wall's count); the managers'
  // people are found through the users_manager, teams_manager and teams_lead indexes, not a scan.
  return sql`(${feedback.organization_id} = ${org} and (
    ${feedback.visibility} = 'PUBLIC'
    or ${feedback.giver_id} = ${v}
    or (${feedback.recipient_id} = ${v} and (${feedback.visibility} <> 'REQUESTER'
      or exists (select 1 from ${feedbackRequests} where ${feedbackRequests.id} = ${feedback.request_id} and (${feedbackRequests.requester_id} = ${v} or ${feedbackRequests.shared_at} is not null))))
    or (${feedback.visibility} = 'MANAGER' and (
      ${feedback.recipient_id} in (select ${users.id} from ${users} where ${users.manager_id} = ${v} and ${users.organization_id} = ${org})
      or ${feedback.recipient_id} in (select ${users.id} from ${teams} join ${users} on ${users.team_id} = ${teams.id}
        where (${teams.manager_id} = ${v} or ${teams.team_lead_id} = ${v}) and ${teams.organization_id} = ${org} and ${users.organization_id} = ${org})))
    or (${feedback.visibility} = 'REQUESTER' and exists (select 1 from ${feedbackRequests} where ${feedbackRequests.id} = ${feedback.request_id} and ${feedbackRequests.requester_id} = ${v}))
  ))`;
}
