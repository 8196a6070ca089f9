import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../test/helpers.js';
import { printAppSchema, SCHEMA_COMMAND, SCHEMA_FILE, TADA_OUTPUT_FILE, tadaOutputOfSchemaFile } from './schema-file.js';

/** The checked-in schema.graphql is the one the app serves: the web app's documents are typed and validated against it (docs/decisions/0072). */
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

it('schema.graphql is the schema the app serves', () => {
  const served = printAppSchema(app);
  const checkedIn = fs.existsSync(SCHEMA_FILE) ? fs.readFileSync(SCHEMA_FILE, 'utf8') : '';
  // A plain equality: a diff of two 5,000-line strings would bury the one thing to do.
  if (checkedIn !== served) expect.fail(`schema.graphql differs from the app's schema: run \`${SCHEMA_COMMAND}\` and commit schema.graphql.`);
});

it('client/graphql-env.d.ts holds the types of schema.graphql', async () => {
  const generated = await tadaOutputOfSchemaFile();
  const checkedIn = fs.existsSync(TADA_OUTPUT_FILE) ? fs.readFileSync(TADA_OUTPUT_FILE, 'utf8') : '';
  if (checkedIn !== generated) expect.fail(`client/graphql-env.d.ts is not the output of schema.graphql: run \`${SCHEMA_COMMAND}\` and commit it.`);
});
