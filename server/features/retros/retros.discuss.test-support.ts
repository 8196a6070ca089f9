import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { newId } from '../../lib/tokens.js';
import { authorToken } from './retros.access.js';
import { retroGroups, retroParticipants, retroReflections, retros, retroVotes } from './retros.tables.js';

/**
 * Test support for the discussion, action items and summary: board rows written as the board part
 * writes them (groups, reflections with their author link, vote rows by token, and the tally the
 * board stores on entering DISCUSS), for tests that do not drive grouping and voting themselves.
 */
export function addGroups(app: FastifyInstance, retroId: string, groups: Array<{ title: string; votes?: number }>): string[] {
  const { db } = app.services;
  const retro = db.select().from(retros).where(eq(retros.id, retroId)).get()!;
  return groups.map((g, i) => {
    const id = newId();
    db.insert(retroGroups)
      .values({ id, organization_id: retro.organization_id, retro_id: retroId, title: g.title, sort_order: i, votes: g.votes ?? 0 })
      .run();
    for (let v = 0; v < (g.votes ?? 0); v++)
      db.insert(retroVotes)
        .values({ id: newId(), retro_id: retroId, group_id: id, voter_token: `voter-${v}` })
        .run();
    return id;
  });
}

/** A reflection by `authorId`: anonymous retros keep only the author's token, signed ones the id. */
export function addReflection(
  app: FastifyInstance,
  retroId: string,
  input: { authorId: string; text: string; groupId?: string | null; promptId?: string },
): string {
  const { db } = app.services;
  const retro = db.select().from(retros).where(eq(retros.id, retroId)).get()!;
  const id = newId();
  db.insert(retroReflections)
    .values({
      id,
      organization_id: retro.organization_id,
      retro_id: retroId,
      prompt_id: input.promptId ?? retro.prompts[0]!.id,
      text: input.text,
      author_id: retro.anonymous ? null : input.authorId,
      author_token: retro.anonymous ? authorToken(retro, input.authorId) : null,
      group_id: input.groupId ?? null,
    })
    .run();
  db.insert(retroParticipants).values({ retro_id: retroId, user_id: input.authorId }).onConflictDoNothing().run();
  return id;
}

export function addParticipants(app: FastifyInstance, retroId: string, userIds: readonly string[]): void {
  for (const user_id of userIds) app.services.db.insert(retroParticipants).values({ retro_id: retroId, user_id }).onConflictDoNothing().run();
}

export const retroRow = (app: FastifyInstance, id: string) => app.services.db.select().from(retros).where(eq(retros.id, id)).get()!;
export const groupRow = (app: FastifyInstance, id: string) => app.services.db.select().from(retroGroups).where(eq(retroGroups.id, id)).get()!;
