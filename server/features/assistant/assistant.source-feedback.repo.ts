import { sql } from 'drizzle-orm';
import type { Viewer } from '../auth/viewer.js';
import { feedback } from '../feedback/feedback.read.repo.js';
import { readableFeedback } from '../feedback/feedback.visibility.repo.js';
import { PUBLIC_TAG, tagWhen, tokenSql } from './assistant.index.repo.js';
import { dayOf, fingerprint, isoDay, srcList, type LoadedPassage, type SourceKind } from './assistant.sources.js';

/**
 * Feedback (docs/decisions/0048): one document per piece of feedback (its body, which holds a
 * request's answers joined). Audience: the giver and the recipient; PUBLIC everyone; MANAGER the
 * recipient's direct manager (m) and whoever manages or leads the recipient's team (l), made again
 * when the recipient's manager or team changes; REQUESTER the requester. Read again through readableFeedback, the
 * one rule of every feedback query.
 */
type Row = {
  src: number;
  id: string;
  giver_id: string | null;
  recipient_id: string;
  body: string;
  visibility: string;
  request_id: string | null;
  created_at: string;
  requester_id: string | null;
};

const LABEL: Record<string, string> = {
  PUBLIC: 'Praise',
  PRIVATE: 'Private feedback',
  MANAGER: 'Feedback, shared with managers',
  REQUESTER: 'Answer to a feedback request',
};

/** Where the asker finds it: their Received or Given tab on that day, the praise wall, or the person's profile. */
function linkFor(viewer: Viewer, r: Row): string {
  const day = isoDay(r.created_at);
  if (r.recipient_id === viewer.userId) return `/continuous-feedback?tab=received${r.giver_id ? `&person=${r.giver_id}` : ''}&from=${day}&to=${day}`;
  if (r.giver_id === viewer.userId) return `/continuous-feedback?tab=given&person=${r.recipient_id}&from=${day}&to=${day}`;
  if (r.visibility === 'PUBLIC') return '/continuous-feedback?tab=praise';
  if (r.visibility === 'REQUESTER') return '/continuous-feedback?tab=requested';
  return `/profile/user-profile/${r.recipient_id}`;
}

export const feedbackKind: SourceKind = {
  kind: 'feedback',
  audience: ['pub', 'p', 'm', 'l'],
  index: {
    kind: 'feedback',
    code: 1,
    table: 'feedback',
    from: 'feedback s',
    org: 's.organization_id',
    at: 's.created_at',
    body: 's.body',
    tags: [
      tokenSql('p', 's.giver_id'),
      tokenSql('p', 's.recipient_id'),
      tokenSql('s', 's.recipient_id'),
      tagWhen(`s.visibility = 'PUBLIC'`, PUBLIC_TAG),
      // The recipient's managers as the rule names them: their direct manager (m), their team's manager and lead (l: the team).
      `(case when s.visibility = 'MANAGER' then ${tokenSql('m', '(select u.manager_id from users u where u.id = s.recipient_id)')} || ' ' || ${tokenSql('l', '(select u.team_id from users u where u.id = s.recipient_id)')} else '' end)`,
      `(case when s.visibility = 'REQUESTER' then ${tokenSql('p', '(select r.requester_id from feedback_requests r where r.id = s.request_id)')} else '' end)`,
    ],
    dependents: [
      { table: 'feedback_requests', columns: ['requester_id'], where: (row) => `s.request_id = ${row}.id` },
      // Through feedback's (organization, recipient) index: `+` keeps the planner off the visibility index, and without the
      // organization every change to a person scanned all feedback.
      {
        table: 'users',
        columns: ['manager_id', 'team_id'],
        where: (row) => `s.organization_id = ${row}.organization_id and s.recipient_id = ${row}.id and +s.visibility = 'MANAGER'`,
      },
    ],
  },
  load({ db, viewer, names }, srcs) {
    // Not aliased: the rule names the feedback table's columns.
    const rows = db.all<Row>(sql`select feedback.rowid as src, feedback.id, feedback.giver_id, feedback.recipient_id, feedback.body, feedback.visibility,
        feedback.request_id, feedback.created_at, (select r.requester_id from feedback_requests r where r.id = feedback.request_id) as requester_id
      from json_each(${srcList(srcs)}) j cross join ${feedback} on feedback.rowid = j.value where ${readableFeedback(viewer)}`);
    const who = names(rows.flatMap((r) => [r.giver_id, r.recipient_id]));
    return rows.map((r): LoadedPassage => {
      const giver = r.giver_id ? (who.get(r.giver_id) ?? 'A former colleague') : 'A former colleague';
      const recipient = who.get(r.recipient_id) ?? 'a former colleague';
      return {
        kind: 'feedback',
        src: r.src,
        fp: fingerprint('feedback', r.id),
        text: r.body,
        at: r.created_at,
        author: giver,
        // Praise is positive, whatever a lexicon reads in it.
        label: LABEL[r.visibility] ?? 'Feedback',
        tone: r.visibility === 'PUBLIC' ? 'positive' : true,
        audit: `feedback:${r.id}`,
        group: {
          key: `feedback:${r.id}`,
          source: 'FEEDBACK',
          title: `${LABEL[r.visibility] ?? 'Feedback'} from ${giver} to ${recipient}, ${dayOf(r.created_at)}`,
          link: linkFor(viewer, r),
        },
      };
    });
  },
};
