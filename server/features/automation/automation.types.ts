import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection.js';
import type { Every } from '../../jobs/jobs.periods.js';
import type { JobContext } from '../../jobs/jobs.scheduler.js';
import type { Services } from '../../services.js';

/**
 * The automation concept (docs/decisions/0073): a rule of an organization creates something once per
 * due period (a review cycle, a retro, feedback requests). Each area keeps its own rules table and
 * GraphQL; it plugs in with an `Automation`: which rules are active, which periods are due, which it
 * already claimed, and what to create for one period. The rest (the pass, claim-once, the jobs) is
 * server/features/automation.
 */
export type AutomationRule = { id: string; organization_id: string };

/** One due period of a rule. `key` is unique per rule: the area's unique index on (rule, key) is the claim. */
export type DuePeriod = { key: string };

/** What creating a period made: `id` keys its follow-up job, `followUp` is that job's payload (none: no job). */
export type Created = { id: string; followUp?: unknown };

export type AutomationDeps = { db: Db; log?: Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'> };
export type PassContext = Pick<JobContext, 'now' | 'enqueue'>;

/** A rule that creates at exact instants gets its own recurring schedule (every N units from its anchor, latest missed period only). */
export type TimedAutomation<R extends AutomationRule, P extends DuePeriod> = {
  /** The job kind of these schedules, and the schedule key of one rule. */
  kind: string;
  scheduleKey: (ruleId: string) => string;
  /** The rule of a schedule's job, of any organization; undefined when it is gone or no longer timed. */
  find: (db: Db, ruleId: string) => R | undefined;
  /** The rule's schedule, or null when it has none (another trigger, no anchor). */
  schedule: (rule: R) => { every: Every; startAt: string; active: boolean } | null;
  /** The period that starts at `startIso`. */
  period: (rule: R, startIso: string) => P;
};

export type Automation<R extends AutomationRule, P extends DuePeriod, S = undefined> = {
  /** In logs: "<name> automation: ...". */
  name: string;
  /** The part of the unique-constraint message that means "another pass claimed this period" (e.g. `retros.automation_rule_id`). */
  claimIndex: string;
  /** Rules the hourly pass looks at, of every organization. */
  activeRules: (db: Db) => R[];
  /** Periods of the rule due by `now` (ms); the pass leaves out those already claimed. */
  duePeriods: (db: Db, rule: R, now: number) => P[];
  /** Of these keys, those the rule has claimed. */
  claimed: (db: Db, rule: R, keys: readonly string[]) => Set<string>;
  /** Why the rule creates nothing now (nothing is written; the next pass tries again), or null. */
  blocker?: (db: Db, rule: R) => string | null;
  /** What the rule's periods of this pass share (read once per rule). */
  prepare?: (db: Db, rule: R, due: readonly P[], ctx: PassContext) => S;
  /** Creates what one period yields, in its own savepoint; null when it made nothing. */
  create: (deps: AutomationDeps, rule: R, period: P, ctx: PassContext, shared: S) => Created | null;
  /** After the rule's periods of a pass, with the ids of what was made. */
  finish?: (db: Db, rule: R, made: readonly string[], ctx: PassContext) => void;
  /** Work after the commit (mail, Slack: at-least-once), one job per created thing, keyed by its id. */
  followUp?: { kind: string; run: (services: Services, payload: never, ctx: JobContext) => Promise<void> };
  timed?: TimedAutomation<R, P>;
  /** The area's own hourly schedule before the automation module: removed on start. */
  formerSchedule?: string;
};

export type AnyAutomation = Automation<any, any, any>;
