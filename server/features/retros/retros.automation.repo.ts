import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { RetroAutomationRuleData } from '../../../shared/retros.automation.js';
import type { Db } from '../../db/connection.js';
import { newId } from '../../lib/tokens.js';
import type { RetroRow } from './retros.access.js';
import { retroAutomationRules, retros } from './retros.tables.js';

export type RetroAutomationRuleRow = typeof retroAutomationRules.$inferSelect;

const inOrg = (orgId: string) => eq(retroAutomationRules.organization_id, orgId);

/**
 * The stored values of a rule. `anchor_at` of a CADENCE rule is its first retro's start; of a
 * SPRINT_END rule it is when the rule started counting (created or last resumed): sprints that
 * ended before get no retro (docs/decisions/0047, automation).
 */
const ruleValues = (data: RetroAutomationRuleData, sprintCountFrom: string) => ({
  team_id: data.team_id,
  trigger: data.trigger,
  every_weeks: data.every_weeks,
  anchor_at: data.trigger === 'CADENCE' ? data.anchor_at : sprintCountFrom,
  template_id: data.template_id,
  health_check_id: data.health_check_id,
  facilitator_id: data.facilitator_id,
  anonymous: data.anonymous,
  max_votes: data.max_votes,
  max_votes_per_group: data.max_votes_per_group,
  reflect_hours: data.reflect_hours,
  vote_hours: data.vote_hours,
});

/** Rules of the organization, of the given teams only unless `teamIds` is null; by creation. */
export function listRetroAutomationRules(db: Db, orgId: string, teamIds: readonly string[] | null): RetroAutomationRuleRow[] {
  if (teamIds && !teamIds.length) return [];
  return db
    .select()
    .from(retroAutomationRules)
    .where(and(inOrg(orgId), teamIds ? inArray(retroAutomationRules.team_id, [...teamIds]) : undefined))
    .orderBy(asc(retroAutomationRules.created_at), asc(retroAutomationRules.id))
    .all();
}

export function findRetroAutomationRule(db: Db, orgId: string, id: string): RetroAutomationRuleRow | undefined {
  return db
    .select()
    .from(retroAutomationRules)
    .where(and(inOrg(orgId), eq(retroAutomationRules.id, id)))
    .get();
}

/** Any organization's rule (the scheduler's jobs carry only its id). */
export function findRetroAutomationRuleById(db: Db, id: string): RetroAutomationRuleRow | undefined {
  return db.select().from(retroAutomationRules).where(eq(retroAutomationRules.id, id)).get();
}

/** Every rule with this trigger that is not paused, of every organization (the scheduler's pass). */
export function listActiveRetroAutomationRules(db: Db, trigger: RetroAutomationRuleRow['trigger']): RetroAutomationRuleRow[] {
  return db
    .select()
    .from(retroAutomationRules)
    .where(and(eq(retroAutomationRules.trigger, trigger), isNull(retroAutomationRules.paused_at)))
    .orderBy(asc(retroAutomationRules.created_at))
    .all();
}

/** `at` is the scheduler's clock, so tests move time for rules and runs alike. */
export function insertRetroAutomationRule(db: Db, orgId: string, data: RetroAutomationRuleData, createdBy: string, at: string): RetroAutomationRuleRow {
  return db
    .insert(retroAutomationRules)
    .values({ id: newId(), organization_id: orgId, ...ruleValues(data, at), created_by: createdBy, created_at: at, updated_at: at })
    .returning()
    .get();
}

/** A SPRINT_END rule keeps counting from where it did, unless it was CADENCE before. */
export function updateRetroAutomationRule(db: Db, rule: RetroAutomationRuleRow, data: RetroAutomationRuleData, at: string): RetroAutomationRuleRow {
  const countFrom = rule.trigger === 'SPRINT_END' && rule.anchor_at ? rule.anchor_at : at;
  return db
    .update(retroAutomationRules)
    .set({ ...ruleValues(data, countFrom), updated_at: at })
    .where(and(inOrg(rule.organization_id), eq(retroAutomationRules.id, rule.id)))
    .returning()
    .get()!;
}

/** Pausing stops new retros; resuming a SPRINT_END rule counts sprint ends from then on (what ended while paused is skipped). */
export function setRetroAutomationRulePaused(db: Db, rule: RetroAutomationRuleRow, paused: boolean, at: string): RetroAutomationRuleRow {
  const patch = paused ? { paused_at: at, updated_at: at } : { paused_at: null, updated_at: at, ...(rule.trigger === 'SPRINT_END' ? { anchor_at: at } : {}) };
  return db
    .update(retroAutomationRules)
    .set(patch)
    .where(and(inOrg(rule.organization_id), eq(retroAutomationRules.id, rule.id)))
    .returning()
    .get()!;
}

export function deleteRetroAutomationRule(db: Db, orgId: string, id: string): void {
  db.delete(retroAutomationRules)
    .where(and(inOrg(orgId), eq(retroAutomationRules.id, id)))
    .run();
}

/** The period keys among `keys` a rule has already created a retro for. */
export function claimedPeriodKeys(db: Db, ruleId: string, keys: readonly string[]): Set<string> {
  if (!keys.length) return new Set();
  return new Set(
    db
      .select({ key: retros.period_key })
      .from(retros)
      .where(and(eq(retros.automation_rule_id, ruleId), inArray(retros.period_key, [...keys])))
      .all()
      .map((r) => r.key ?? ''),
  );
}

/** The latest `perRule` retros of each rule, latest first (one statement for a whole list of rules). */
export function latestRetrosByRuleIds(db: Db, orgId: string, ruleIds: readonly string[], perRule = 10): Map<string, RetroRow[]> {
  const out = new Map<string, RetroRow[]>(ruleIds.map((id) => [id, []]));
  if (!ruleIds.length) return out;
  const ranked = db
    .select({
      id: retros.id,
      n: sql<number>`row_number() over (partition by ${retros.automation_rule_id} order by ${retros.scheduled_at} desc, ${retros.created_at} desc)`.as('n'),
    })
    .from(retros)
    .where(and(eq(retros.organization_id, orgId), inArray(retros.automation_rule_id, [...ruleIds])))
    .as('ranked');
  const rows = db
    .select({ retro: retros })
    .from(retros)
    .innerJoin(ranked, eq(ranked.id, retros.id))
    .where(sql`${ranked.n} <= ${perRule}`)
    .orderBy(desc(retros.scheduled_at), desc(retros.created_at))
    .all();
  for (const { retro } of rows) out.get(retro.automation_rule_id ?? '')?.push(retro);
  return out;
}
