import { demoApp, runEval } from '../server/features/assistant/assistant.eval.test-support.js';

/**
 * The assistant's evaluation set (server/features/assistant/assistant.eval-set.test-support.ts, docs/decisions/0066)
 * over a fresh demo organization: the recall of the passages a good answer cites. Prints one JSON line.
 */
const { app, ids } = await demoApp();
const result = await runEval(app, ids);
await app.close();
console.log(JSON.stringify(result));
