import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { newId } from '../../lib/tokens.js';
import type { GqlResult } from '../../test/helpers.js';
import { authorToken } from './retros.access.js';
import { retroActionItems, retroComments, retroGroups, retroReflections, retros } from './retros.tables.js';
import { toPhase } from './retros.test-support.js';

/**
 * The retro objects of the authorization matrix (server/graphql/authorization-matrix.fixtures.ts,
 * docs/decisions/0041, 0047): a signed retro of the subject's team that the subject facilitates,
 * in GROUP, with the subject's reflection in a group, the subject's comment on it and an action item the subject owns; a
 * template and a health check the subject made; an automation rule the team's manager made.
 */
type Gql = { gql: (query: string, variables?: Record<string, unknown>) => Promise<GqlResult<Record<string, any>>> };

const ok = (r: GqlResult<Record<string, any>>, field: string): { id: string } => {
  if (r.errors?.length || !r.data?.[field]) throw new Error(`${field} failed: ${JSON.stringify(r.errors)}`);
  return r.data[field] as { id: string };
};

export const retroInput = (teamId: string) => ({ team_id: teamId, template_id: 'builtin:start-stop-continue', anonymous: false });
export const retroTemplateInput = () => ({
  name: 'Matrix template',
  prompts: [
    { title: 'Keep', colour: '#2f7d4f' },
    { title: 'Change', colour: '#b3261e' },
  ],
});
export const retroHealthCheckInput = () => ({ name: 'Matrix health', statements: ['We ship calmly.'] });
export const retroRuleInput = (teamId: string) => ({ team_id: teamId, trigger: 'SPRINT_END', template_id: 'builtin:start-stop-continue' });

export async function createMatrixRetro(caller: Gql, teamId: string): Promise<string> {
  return ok(await caller.gql('mutation($i: CreateRetroInput!) { createRetro(input: $i) { id } }', { i: retroInput(teamId) }), 'createRetro').id;
}

/** A reflection of `userId` in a retro in REFLECT (straight into the table: the matrix needs the row, not the board). */
export function insertReflection(app: FastifyInstance, orgId: string, retroId: string, userId: string): string {
  const { db } = app.services;
  const retro = db.select().from(retros).where(eq(retros.id, retroId)).get()!;
  const id = newId();
  db.insert(retroReflections)
    .values({
      id,
      organization_id: orgId,
      retro_id: retroId,
      prompt_id: retro.prompts[0]!.id,
      text: 'Matrix reflection',
      author_id: userId,
      author_token: authorToken(retro, userId),
    })
    .run();
  return id;
}

export function insertActionItem(app: FastifyInstance, orgId: string, retroId: string, teamId: string, ownerId: string): string {
  const id = newId();
  app.services.db
    .insert(retroActionItems)
    .values({ id, organization_id: orgId, retro_id: retroId, team_id: teamId, text: 'Matrix action', owner_id: ownerId, created_by: ownerId })
    .run();
  return id;
}

export async function seedRetroObjects(app: FastifyInstance, p: { orgId: string; teamId: string; subject: Gql; ownManager: Gql; subjectId: string }) {
  const { db } = app.services;
  const retroId = await createMatrixRetro(p.subject, p.teamId);
  await toPhase(p.subject, retroId, 'REFLECT');
  const reflectionId = insertReflection(app, p.orgId, retroId, p.subjectId);
  await toPhase(p.subject, retroId, 'GROUP');
  let group = db.select({ id: retroGroups.id }).from(retroGroups).where(eq(retroGroups.retro_id, retroId)).get();
  if (!group) {
    // Without the board's GROUP hook (one group per reflection), the group is made here.
    group = { id: newId() };
    db.insert(retroGroups).values({ id: group.id, organization_id: p.orgId, retro_id: retroId, title: 'Matrix group' }).run();
    db.update(retroReflections).set({ group_id: group.id }).where(eq(retroReflections.id, reflectionId)).run();
  }
  const retro = db.select().from(retros).where(eq(retros.id, retroId)).get()!;
  const commentId = newId();
  db.insert(retroComments)
    .values({
      id: commentId,
      organization_id: p.orgId,
      retro_id: retroId,
      group_id: group.id,
      text: 'Matrix comment',
      author_id: p.subjectId,
      author_token: authorToken(retro, p.subjectId),
      position: 0,
    })
    .run();
  const actionItemId = insertActionItem(app, p.orgId, retroId, p.teamId, p.subjectId);
  const templateId = ok(
    await p.subject.gql('mutation($i: RetroTemplateInput!) { createRetroTemplate(input: $i) { id } }', { i: retroTemplateInput() }),
    'createRetroTemplate',
  ).id;
  const healthCheckId = ok(
    await p.subject.gql('mutation($i: RetroHealthCheckInput!) { createRetroHealthCheck(input: $i) { id } }', { i: retroHealthCheckInput() }),
    'createRetroHealthCheck',
  ).id;
  const ruleId = ok(
    await p.ownManager.gql('mutation($i: RetroAutomationRuleInput!) { createRetroAutomationRule(input: $i) { id } }', { i: retroRuleInput(p.teamId) }),
    'createRetroAutomationRule',
  ).id;
  return { retroId, reflectionId, groupId: group.id, commentId, actionItemId, templateId, healthCheckId, ruleId };
}
