import { GOAL_STATUS_LABELS, OPEN_GOAL_STATUSES, type GoalStatus } from '../../../shared/goals.js';
import { sql } from 'drizzle-orm';
import { readableGoal } from '../goals/goals.visibility.repo.js';
import { ADMIN_TAG, PUBLIC_TAG, tagWhen, tokenSql } from './assistant.index.repo.js';
import { fingerprint, srcList, type LoadContext, type LoadedPassage, type SourceKind } from './assistant.sources.js';

/**
 * Goals and check-ins (docs/decisions/0049). Audience from the goal: EVERYONE the organization; a
 * person's goal its owner (p), with MANAGER_CHAIN anyone above them (c) and admins; a team's goal the
 * team (t), with MANAGER_CHAIN anyone above its manager or lead (u) and admins; a company goal admins.
 * Read again through readableGoal, the goals' one rule, in the statement that reads the rows. A
 * check-in's document follows its goal's owner and visibility (made again when they change).
 */
const goalTags = (g: string) => [
  tagWhen(`${g}.visibility = 'EVERYONE'`, PUBLIC_TAG),
  `(case when ${g}.owner_kind = 'PERSON' then ${tokenSql('p', `${g}.owner_user_id`)} || ' ' || ${tokenSql('s', `${g}.owner_user_id`)} else '' end)`,
  `(case when ${g}.owner_kind = 'PERSON' and ${g}.visibility = 'MANAGER_CHAIN' then ${tokenSql('c', `${g}.owner_user_id`)} else '' end)`,
  `(case when ${g}.owner_kind = 'TEAM' then ${tokenSql('t', `${g}.owner_team_id`)} else '' end)`,
  `(case when ${g}.owner_kind = 'TEAM' and ${g}.visibility = 'MANAGER_CHAIN' then ${tokenSql('u', `${g}.owner_team_id`)} else '' end)`,
  tagWhen(`${g}.visibility = 'MANAGER_CHAIN' or ${g}.owner_kind = 'COMPANY'`, ADMIN_TAG),
];
const WHO_READS = ['visibility', 'owner_kind', 'owner_user_id', 'owner_team_id'];

type GoalRow = { goal_id: string; title: string; description: string; status: GoalStatus; progress: number };

/**
 * Rows joined with their goal, kept only where readableGoal(viewer), the goals' one rule, holds: one
 * statement (not aliased: the rule names the goals table's columns).
 */
function readableRows<T>(ctx: LoadContext, columns: string, from: string, srcs: readonly number[]): Array<T & GoalRow> {
  return ctx.db.all<T & GoalRow>(sql`select ${sql.raw(columns)}, goals.id as goal_id, goals.title, goals.description, goals.status, goals.progress
    from json_each(${srcList(srcs)}) j cross join ${sql.raw(from)} where ${readableGoal(ctx.viewer)}`);
}

const groupOf = (r: GoalRow) => ({ key: `goal:${r.goal_id}`, source: 'GOALS' as const, title: r.title, link: `/goals/my-goals/${r.goal_id}` });
const state = (r: GoalRow) => `${GOAL_STATUS_LABELS[r.status].toLowerCase()}, ${Math.round(r.progress)}% done`;

export const goalKind: SourceKind = {
  kind: 'goal',
  audience: ['pub', 'p', 'c', 't', 'u', 'adm'],
  index: {
    kind: 'goal',
    code: 8,
    table: 'goals',
    from: 'goals s',
    org: 's.organization_id',
    at: 's.created_at',
    body: `s.title || char(10) || s.description`,
    tags: goalTags('s'),
    columns: ['title', 'description', ...WHO_READS],
  },
  load(ctx, srcs) {
    const rows = readableRows<{ src: number; created_at: string }>(ctx, 'goals.rowid as src, goals.created_at', 'goals on goals.rowid = j.value', srcs);
    return rows.map((r): LoadedPassage => ({
      kind: 'goal',
      src: r.src,
      fp: fingerprint('goal', r.goal_id),
      text: r.description.trim() ? `${r.title}\n${r.description}` : r.title,
      at: r.created_at,
      author: null,
      tone: false,
      label: `Goal, ${state(r)}`,
      group: groupOf(r),
      audit: `goal:${r.goal_id}`,
      open: OPEN_GOAL_STATUSES.includes(r.status),
    }));
  },
};

export const goalCheckInKind: SourceKind = {
  kind: 'goal_check_in',
  audience: ['pub', 'p', 'c', 't', 'u', 'adm'],
  index: {
    kind: 'goal_check_in',
    code: 9,
    table: 'goal_check_ins',
    from: 'goal_check_ins s join goals g on g.id = s.goal_id',
    where: `trim(s.comment) <> ''`,
    org: 's.organization_id',
    at: 's.created_at',
    body: 's.comment',
    tags: goalTags('g'),
    columns: ['comment', 'goal_id'],
    dependents: [{ table: 'goals', columns: WHO_READS, where: (row) => `s.goal_id = ${row}.id` }],
  },
  load(ctx, srcs) {
    const kept = readableRows<{ src: number; id: string; comment: string; author_id: string | null; check_status: GoalStatus; created_at: string }>(
      ctx,
      'c.rowid as src, c.id, c.comment, c.author_id, c.status as check_status, c.created_at',
      'goal_check_ins c on c.rowid = j.value join goals on goals.id = c.goal_id',
      srcs,
    );
    const who = ctx.names(kept.map((r) => r.author_id));
    return kept
      .filter((r) => r.comment.trim())
      .map((r): LoadedPassage => ({
        kind: 'goal_check_in',
        src: r.src,
        fp: fingerprint('goal_check_in', r.id),
        text: r.comment,
        at: r.created_at,
        author: r.author_id ? (who.get(r.author_id) ?? 'A former colleague') : null,
        tone: false,
        label: `Check-in, ${GOAL_STATUS_LABELS[r.check_status].toLowerCase()}`,
        group: groupOf(r),
        audit: `goal:${r.goal_id}`,
        open: OPEN_GOAL_STATUSES.includes(r.status),
      }));
  },
};
