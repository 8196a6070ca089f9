import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';

/**
 * The product's own data beside the code data (docs/decisions/0051): review scores per cycle,
 * feedback given and received (counts only: no feedback's content or visibility ever leaves here),
 * a goals snapshot, the team's retros. Every read is within one organization; `people` are user ids.
 */

const ids = (list: readonly string[]) => sql`(select value from json_each(${JSON.stringify(list)}))`;
const iso = (ms: number) => new Date(ms).toISOString();

export function teamMemberIds(db: Db, orgId: string, teamId: string): string[] {
  return db
    .all<{ id: string }>(sql`select id from users where team_id = ${teamId} and organization_id = ${orgId} and deleted_at is null and status = 'ACTIVE'`)
    .map((r) => r.id);
}

export type ReviewCycleScore = { cycle_id: string; name: string; ended_at: string | null; average: number | null; n: number };

/**
 * Average rating of the submitted reviews of the people, per cycle that ended (closed) in the window.
 * Private questions are left out. `releasedOnly`: only cycles whose results were released to the
 * people (a person's own page). `minN`: cycles with fewer submitted reviews show no average.
 */
export function reviewScores(
  db: Db,
  orgId: string,
  people: readonly string[],
  from: number,
  to: number,
  opts: { releasedOnly: boolean; minN: number },
): ReviewCycleScore[] {
  if (!people.length) return [];
  const rows = db.all<{ cycle_id: string; name: string; ended_at: string | null; average: number | null; n: number }>(sql`
    select c.id as cycle_id, c.name, coalesce(c.closed_at, c.review_end) as ended_at, avg(ans.rating) as average, count(distinct r.id) as n
    from review_cycles c
      join review_participants p on p.cycle_id = c.id and p.reviewee_id in ${ids(people)}
      join review_requests r on r.participant_id = p.id and r.status = 'SUBMITTED'
      join review_answers ans on ans.request_id = r.id and ans.rating is not null
      join review_cycle_questions q on q.id = ans.question_id and q.private = 0
    where c.organization_id = ${orgId} and c.status in ('CLOSED', 'RELEASED')
      and coalesce(c.closed_at, c.review_end) >= ${iso(from)} and coalesce(c.closed_at, c.review_end) < ${iso(to)}
      ${opts.releasedOnly ? sql`and p.results_released_at is not null` : sql``}
    group by c.id order by ended_at`);
  return rows.map((r) => ({ ...r, average: r.n >= opts.minN ? r.average : null }));
}

/** created_at of feedback the people gave, and of feedback they received, in the window (counts only). */
export function feedbackInstants(db: Db, orgId: string, people: readonly string[], from: number, to: number): { given: string[]; received: string[] } {
  if (!people.length) return { given: [], received: [] };
  const given = db
    .all<{ at: string }>(
      sql`select created_at as at from feedback where organization_id = ${orgId} and giver_id in ${ids(people)}
    and created_at >= ${iso(from)} and created_at < ${iso(to)}`,
    )
    .map((r) => r.at);
  const received = db
    .all<{ at: string }>(
      sql`select created_at as at from feedback where organization_id = ${orgId} and recipient_id in ${ids(people)}
    and created_at >= ${iso(from)} and created_at < ${iso(to)}`,
    )
    .map((r) => r.at);
  return { given, received };
}

export type GoalsSnapshot = { count: number; average_progress: number | null; on_track: number; at_risk: number; off_track: number; done: number };

/**
 * The goals of a team and of its members (or of one person), as they stand: count (dropped left out),
 * average progress of the open ones, counts by status. Private goals count only on their owner's own page.
 */
export function goalsSnapshot(db: Db, orgId: string, input: { teamId?: string | null; people: readonly string[]; viewerId: string }): GoalsSnapshot {
  const row = db.get<{ count: number; average_progress: number | null; on_track: number; at_risk: number; off_track: number; done: number }>(sql`
    select count(*) as count,
      avg(case when status in ('ON_TRACK', 'AT_RISK', 'OFF_TRACK') then progress end) as average_progress,
      coalesce(sum(status = 'ON_TRACK'), 0) as on_track, coalesce(sum(status = 'AT_RISK'), 0) as at_risk,
      coalesce(sum(status = 'OFF_TRACK'), 0) as off_track, coalesce(sum(status = 'DONE'), 0) as done
    from goals
    where organization_id = ${orgId} and status <> 'DROPPED' and kind <> 'GROWTH'
      and (visibility <> 'PRIVATE' or owner_user_id = ${input.viewerId})
      and ((owner_kind = 'TEAM' and owner_team_id = ${input.teamId ?? ''}) or (owner_kind = 'PERSON' and owner_user_id in ${ids(input.people)}))`);
  return row ?? { count: 0, average_progress: null, on_track: 0, at_risk: 0, off_track: 0, done: 0 };
}

export type RetroOutcome = {
  retro_id: string;
  title: string;
  held_at: string;
  participants: number;
  members: number;
  actions_total: number;
  actions_done: number;
};

/** The team's retros held (started) in the window: who took part, of the team's members now, and their action items. */
export function teamRetros(db: Db, orgId: string, teamId: string, members: number, from: number, to: number): RetroOutcome[] {
  return db
    .all<Omit<RetroOutcome, 'members'>>(
      sql`
    select r.id as retro_id, r.title, coalesce(r.started_at, r.scheduled_at) as held_at,
      (select count(*) from retro_participants rp where rp.retro_id = r.id) as participants,
      (select count(*) from retro_action_items ai where ai.retro_id = r.id) as actions_total,
      (select count(*) from retro_action_items ai where ai.retro_id = r.id and ai.status = 'DONE') as actions_done
    from retros r
    where r.organization_id = ${orgId} and r.team_id = ${teamId} and r.started_at is not null
      and r.started_at >= ${iso(from)} and r.started_at < ${iso(to)}
    order by r.started_at`,
    )
    .map((r) => ({ ...r, members }));
}
