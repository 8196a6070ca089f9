import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { newId } from '../../lib/tokens.js';
import { insertRetro } from './retros.repo.js';
import { retroActionItems, retroGroups, retroHealthAnswers, retroParticipants, retroReflections, retros } from './retros.tables.js';

/**
 * An ended retro (phase SUMMARY, ended_at set, author key erased) written straight into the
 * database, as the meeting leaves it: for team progress tests and its bench.
 */
export type EndedRetroSeed = {
  orgId: string;
  teamId: string;
  endedAt: string;
  title?: string;
  sprintId?: string | null;
  createdBy?: string | null;
  participants?: readonly string[];
  reflections?: readonly string[];
  groups?: readonly string[];
  /** Action items by status. */
  actionItems?: { done?: number; open?: number; inProgress?: number; dropped?: number };
  /** Health statements and, per statement, the scores given (1-5). */
  health?: { statements: readonly string[]; scores: ReadonlyArray<readonly number[]> };
};

export function seedEndedRetro(db: Db, seed: EndedRetroSeed): string {
  const retro = insertRetro(
    db,
    seed.orgId,
    { team_id: seed.teamId, sprint_id: seed.sprintId ?? null, template_id: 'builtin:start-stop-continue', title: seed.title },
    seed.createdBy ?? null,
  );
  const started = new Date(Date.parse(seed.endedAt) - 3_600_000).toISOString();
  db.update(retros)
    .set({
      phase: 'SUMMARY',
      started_at: started,
      ended_at: seed.endedAt,
      author_key: null,
      health_statements: seed.health ? [...seed.health.statements] : null,
    })
    .where(eq(retros.id, retro.id))
    .run();
  const promptId = retro.prompts[0]!.id;
  for (const userId of seed.participants ?? []) db.insert(retroParticipants).values({ retro_id: retro.id, user_id: userId }).run();
  const groupIds = (seed.groups ?? []).map((title, i) => {
    const id = newId();
    db.insert(retroGroups).values({ id, organization_id: seed.orgId, retro_id: retro.id, title, sort_order: i }).run();
    return id;
  });
  (seed.reflections ?? []).forEach((text, i) => {
    db.insert(retroReflections)
      .values({
        id: newId(),
        organization_id: seed.orgId,
        retro_id: retro.id,
        prompt_id: promptId,
        text,
        group_id: groupIds.length ? groupIds[i % groupIds.length]! : null,
        sort_order: i,
      })
      .run();
  });
  const items = seed.actionItems ?? {};
  const statuses = [
    ...Array<'DONE'>(items.done ?? 0).fill('DONE'),
    ...Array<'OPEN'>(items.open ?? 0).fill('OPEN'),
    ...Array<'IN_PROGRESS'>(items.inProgress ?? 0).fill('IN_PROGRESS'),
    ...Array<'DROPPED'>(items.dropped ?? 0).fill('DROPPED'),
  ];
  statuses.forEach((status, i) => {
    db.insert(retroActionItems)
      .values({
        id: newId(),
        organization_id: seed.orgId,
        retro_id: retro.id,
        team_id: seed.teamId,
        text: `Action ${i + 1}`,
        status,
        done_at: status === 'DONE' ? seed.endedAt : null,
      })
      .run();
  });
  seed.health?.scores.forEach((scores, statementIndex) => {
    for (const score of scores)
      db.insert(retroHealthAnswers).values({ id: newId(), retro_id: retro.id, statement_index: statementIndex, voter_token: null, score }).run();
  });
  return retro.id;
}
