import type { AssistantScope, PassageKind } from '../../../shared/assistant.js';
import type { Db } from '../../db/connection.js';
import { statement } from '../../db/sqlite.js';

import { DAY_MS } from '../../../shared/dates.days.js';

/**
 * The assistant's evaluation set (docs/decisions/0066): questions over the demo organization
 * (server/features/demo), each asked as a demo person, with the passages a good answer cites. An
 * expected passage is named by its kind and words it holds, or by the source it lives in (a retro);
 * some are read from the demo data ("every piece of feedback Grace received in 90 days"), so the set
 * follows the demo when its dates move. `npm run bench` reports the recall: the share of expected
 * passages the answer showed.
 */
export type Expected = { kind?: PassageKind; contains?: string; group?: string };

export type EvalCase = {
  /** A demo person's full name, or 'admin'. */
  asker: string;
  question: string;
  scope?: (ids: DemoIds) => AssistantScope;
  expected: (db: Db, ids: DemoIds) => Expected[];
};

export type DemoIds = { orgId: string; person: (name: string) => string; team: (name: string) => string; adminId: string; now: number };

export const EVAL_SET: readonly EvalCase[] = [
  {
    asker: 'Linus Torvalds',
    question: 'What did we say about flaky tests?',
    expected: () => [
      { kind: 'retro_reflection', contains: 'Nobody owns the flaky test list' },
      { kind: 'retro_action', contains: 'Quarantine flaky tests and keep the list short' },
      { kind: 'retro_discussion', contains: 'Quarantine flaky tests within a day' },
    ],
  },
  {
    asker: 'Ada Lovelace',
    question: 'Are our runbooks up to date?',
    expected: () => [
      { kind: 'retro_reflection', contains: 'The runbooks are outdated' },
      { kind: 'retro_action', contains: 'Update the restart runbook' },
    ],
  },
  {
    asker: 'Margaret Hamilton',
    question: 'Why were the estimates for the API work off?',
    expected: () => [{ kind: 'retro_reflection', contains: 'Our estimates were off for the API work' }],
  },
  {
    asker: 'Katherine Johnson',
    question: 'What came up about code reviews?',
    expected: () => [
      { kind: 'feedback', contains: 'Your review of the billing migration caught the rounding bug' },
      { kind: 'retro_reflection', contains: 'Start pairing on large code reviews' },
      { kind: 'retro_action', contains: 'Try pair reviews for changes over 400 lines' },
    ],
  },
  {
    asker: 'admin',
    question: 'What do people say about onboarding?',
    expected: () => [
      { kind: 'feedback', contains: 'Great onboarding buddy for the new joiners' },
      { kind: 'retro_reflection', contains: 'The new onboarding doc saved me days' },
    ],
  },
  {
    // A paraphrase: the feedback says "incident", not "outage"; without a model, words must meet.
    asker: 'admin',
    question: 'How did we handle the outage?',
    expected: () => [
      { kind: 'retro_reflection', contains: 'Quick and calm response to the outage' },
      { kind: 'feedback', contains: 'In the incident on Tuesday you kept the channel calm' },
    ],
  },
  {
    asker: 'admin',
    question: 'What did the retros say about the weekly release train?',
    // Every team had that retro: one passage from each.
    expected: (db, ids) =>
      (
        statement(
          db,
          `select r.id from retros r join retro_reflections x on x.retro_id = r.id
      where r.organization_id = ? and x.text like '%weekly release train%'`,
        )
          .pluck()
          .all(ids.orgId) as string[]
      ).map((id) => ({ group: `retro:${id}` })),
  },
  {
    asker: 'Ada Lovelace',
    question: 'What came up in our retros lately?',
    scope: (ids) => ({ team_id: ids.team('Platform'), sources: ['RETROS'] }),
    expected: (db, ids) =>
      (
        statement(db, `select id from retros where organization_id = ? and team_id = ? and ended_at >= ?`)
          .pluck()
          .all(ids.orgId, ids.team('Platform'), new Date(ids.now - 90 * DAY_MS).toISOString()) as string[]
      ).map((id) => ({ group: `retro:${id}` })),
  },
  {
    asker: 'Grace Hopper',
    question: 'Summarize the feedback I received lately',
    scope: (ids) => ({ person_id: ids.person('Grace Hopper'), sources: ['FEEDBACK'] }),
    expected: (db, ids) =>
      (
        statement(db, `select id from feedback where organization_id = ? and recipient_id = ? and visibility <> 'REQUESTER' and created_at >= ?`)
          .pluck()
          .all(ids.orgId, ids.person('Grace Hopper'), new Date(ids.now - 90 * DAY_MS).toISOString()) as string[]
      ).map((id) => ({ group: `feedback:${id}` })),
  },
  {
    asker: 'Ada Lovelace',
    question: 'Prepare our 1:1',
    scope: (ids) => ({ note_id: ids.person('note:1:1 Ada Lovelace') }),
    expected: () => [
      { kind: 'note_agenda', contains: 'Hiring plan for Q1' },
      { kind: 'note_agenda', contains: 'Budget for the observability tooling' },
      { kind: 'note_private', contains: 'Bring numbers for the tooling budget' },
      { kind: 'feedback', contains: 'Thank you for getting the hiring budget approved' },
    ],
  },
];
