import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DemoIds } from './assistant.eval-set.test-support.js';
import { demoApp, runEval } from './assistant.eval.test-support.js';

/**
 * The evaluation set over the demo (docs/decisions/0066): every question answers, each expected
 * passage is one the asker may read (or it would not be expected), and the recall stays high. The
 * figure itself is reported by `npm run bench`.
 */
let app: FastifyInstance;
let ids: DemoIds;

beforeAll(async () => {
  ({ app, ids } = await demoApp());
}, 120_000);
afterAll(async () => app?.close());

it('finds the passages a good answer cites for the demo questions', async () => {
  const result = await runEval(app, ids);
  for (const c of result.cases) expect(c.expected, c.question).toBeGreaterThan(0);
  expect(
    result.cases.filter((c) => c.recall < 0.5),
    'questions answered poorly',
  ).toEqual([]);
  expect(result.recall).toBeGreaterThanOrEqual(0.85);
});
