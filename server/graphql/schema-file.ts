import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { loadFromSDL, minifyIntrospection, outputIntrospectionFile } from 'gql.tada/internal';
import { graphql } from './graphql-runtime.js';

/**
 * schema.graphql at the top of the repository: the app's GraphQL schema as SDL, checked in. The web
 * app's documents are typed and validated against it (docs/decisions/0072); `npm run schema`
 * rewrites it from the app, with client/graphql-env.d.ts (the same schema as the types gql.tada
 * reads, what `npx gql.tada generate-output` writes), and schema-file.test.ts fails when either drifts.
 */
export const SCHEMA_FILE = fileURLToPath(new URL('../../schema.graphql', import.meta.url));
export const TADA_OUTPUT_FILE = fileURLToPath(new URL('../../client/graphql-env.d.ts', import.meta.url));
export const SCHEMA_COMMAND = 'npm run schema';

/** The schema an app serves, as the file holds it. */
export function printAppSchema(app: FastifyInstance): string {
  return `${graphql.printSchema(app.graphql.schema)}\n`;
}

/** Builds the app on a scratch data directory (no demo, no log) and prints its schema. */
export async function printSchemaOfApp(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamlens-schema-'));
  try {
    const app = await buildApp(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent' }));
    try {
      await app.ready();
      return printAppSchema(app);
    } finally {
      await app.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** client/graphql-env.d.ts as gql.tada's generate-output writes it from schema.graphql. */
export async function tadaOutputOfSchemaFile(): Promise<string> {
  const { introspection } = await loadFromSDL({ file: SCHEMA_FILE }).load();
  return outputIntrospectionFile(minifyIntrospection(introspection), { fileType: TADA_OUTPUT_FILE, shouldPreprocess: true });
}
