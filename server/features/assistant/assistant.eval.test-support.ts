import type { FastifyInstance } from 'fastify';
import type { AssistantAnswer } from '../../../shared/assistant.js';
import { DEFAULT_ADMIN_EMAIL, seedOnFirstStart } from '../../db/seed.js';
import { createTestApp, signedIn, TEST_PASSWORD } from '../../test/helpers.js';
import { demoEmailFor } from '../demo/demo.seed.js';
import { EVAL_SET, type DemoIds, type Expected } from './assistant.eval-set.test-support.js';
import { ask } from './assistant.test-support.js';

/**
 * Runs the evaluation set (assistant.eval-set.test-support.ts) against a fresh demo organization, through the ask
 * route as each asker, and measures the recall of the expected passages (docs/decisions/0066).
 */
export type EvalResult = { question: string; asker: string; expected: number; found: number; recall: number; ms: number };

export async function demoApp(): Promise<{ app: FastifyInstance; ids: DemoIds }> {
  const app = await createTestApp({ SEED_DEMO: 'true', ADMIN_PASSWORD: TEST_PASSWORD });
  const first = await seedOnFirstStart(app.services);
  if (!first) throw new Error('the demo was not seeded');
  const sql = app.services.db.$client;
  const orgId = first.organizationId;
  const ids: DemoIds = {
    orgId,
    now: app.services.scheduler.now(),
    adminId: sql.prepare('select id from users where email = ?').pluck().get(DEFAULT_ADMIN_EMAIL) as string,
    person: (name) =>
      name.startsWith('note:')
        ? (sql.prepare('select id from notes where organization_id = ? and title = ?').pluck().get(orgId, name.slice(5)) as string)
        : (sql.prepare('select id from users where organization_id = ? and full_name = ?').pluck().get(orgId, name) as string),
    team: (name) => sql.prepare('select id from teams where organization_id = ? and name = ?').pluck().get(orgId, name) as string,
  };
  return { app, ids };
}

const matches = (answer: AssistantAnswer, e: Expected) =>
  answer.groups.some(
    (g) =>
      (e.group === undefined || g.key === e.group) &&
      g.passages.some((p) => (e.kind === undefined || p.kind === e.kind) && (e.contains === undefined || p.text.includes(e.contains))),
  );

export async function runEval(app: FastifyInstance, ids: DemoIds): Promise<{ cases: EvalResult[]; recall: number; expected: number; found: number }> {
  const tokens = new Map<string, string>();
  const cases: EvalResult[] = [];
  for (const c of EVAL_SET) {
    const email = c.asker === 'admin' ? DEFAULT_ADMIN_EMAIL : demoEmailFor(c.asker);
    if (!tokens.has(email)) tokens.set(email, (await signedIn(app, email)).token);
    const expected = c.expected(app.services.db, ids);
    const started = performance.now();
    const asked = await ask(app, tokens.get(email)!, { question: c.question, ...(c.scope ? { scope: c.scope(ids) } : {}) });
    const ms = performance.now() - started;
    if (asked.status !== 200 || !asked.answer) throw new Error(`${c.question}: ${asked.status} ${JSON.stringify(asked.json)}`);
    const found = expected.filter((e) => matches(asked.answer!, e)).length;
    cases.push({
      question: c.question,
      asker: c.asker,
      expected: expected.length,
      found,
      recall: expected.length ? found / expected.length : 1,
      ms: Math.round(ms),
    });
  }
  const expected = cases.reduce((n, c) => n + c.expected, 0);
  const found = cases.reduce((n, c) => n + c.found, 0);
  return { cases, recall: expected ? found / expected : 1, expected, found };
}
