/**
 * Every GraphQL document the web app sends, validated against schema.graphql (docs/decisions/0072):
 * a field renamed or removed on the server, an argument or variable of the wrong type, fails here.
 * Documents are written with graphql() as module-level constants; loading the modules that hold
 * them writes them all (writtenDocuments), and the count of graphql() calls in those modules says
 * none was left out. Their types are cached in client/graphql-cache.d.ts (gql.tada's turbo cache, so
 * tsc reads them instead of working them out): it must hold exactly these documents, for this schema.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSchema, Kind, parse, validate, type OperationDefinitionNode } from 'graphql';
import { beforeAll, expect, it } from 'vitest';
import { cacheHeader, cachedDocuments, GRAPHQL_CACHE_FILE } from '../../scripts/graphql-cache.documents.js';
import { writtenDocuments } from './graphql.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CALL = /\bgraphql\(/g;
/** Where graphql() is defined and typed, not called for a document. */
const DEFINITIONS = new Set(['client/lib/graphql.ts', 'client/lib/graphql-tada.ts']);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !file.startsWith('client/test/') ? [file] : [];
  });
}

/** The modules that write documents, with how many graphql() calls each holds. */
const writers = sourceFiles('client')
  .filter((file) => !DEFINITIONS.has(file))
  .map((file) => ({ file, calls: (fs.readFileSync(path.join(root, file), 'utf8').match(CALL) ?? []).length }))
  .filter((w) => w.calls > 0);

const schema = buildSchema(fs.readFileSync(path.join(root, 'schema.graphql'), 'utf8'));
let documents: string[] = [];

beforeAll(async () => {
  for (const { file } of writers) await import(path.join(root, file));
  documents = [...writtenDocuments()];
}, 60_000);

it('finds the documents of every module that writes one, each written once at load', () => {
  expect(writers.length).toBeGreaterThan(40);
  // Fewer: a graphql() call inside a function (not at load), or two documents alike.
  expect(documents.length).toBe(writers.reduce((n, w) => n + w.calls, 0));
});

it('client/test/operations.ts knows every module that writes documents (the client tests type their stubs from it)', () => {
  const operations = fs.readFileSync(path.join(root, 'client/test/operations.ts'), 'utf8');
  const missing = writers.map((w) => w.file).filter((file) => !operations.includes(`'../${file.slice('client/'.length).replace(/\.tsx?$/, '.js')}'`));
  expect(missing).toEqual([]);
});

it('every document is valid against schema.graphql', () => {
  const problems = documents.flatMap((source) => {
    const name = /^\s*(?:query|mutation|subscription)\s+(\w+)/.exec(source)?.[1] ?? source.slice(0, 60);
    try {
      return validate(schema, parse(source)).map((e) => `${name}: ${e.message}`);
    } catch (err) {
      return [`${name}: ${(err as Error).message}`];
    }
  });
  expect(problems).toEqual([]);
});

it('every document is one named operation, and no two share a name (the client tests answer operations by name)', () => {
  const names = documents.map((source) => {
    const definitions = parse(source).definitions;
    expect(definitions, source.slice(0, 80)).toHaveLength(1);
    const operation = definitions[0] as OperationDefinitionNode;
    expect(operation.kind).toBe(Kind.OPERATION_DEFINITION);
    expect(operation.name?.value, source.slice(0, 80)).toBeTruthy();
    return operation.name!.value;
  });
  expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
});

it('client/graphql-cache.d.ts caches the types of exactly these documents, worked out from this schema', () => {
  const stale = 'client/graphql-cache.d.ts is stale: run `npm run schema` and commit it.';
  const cache = fs.existsSync(GRAPHQL_CACHE_FILE) ? fs.readFileSync(GRAPHQL_CACHE_FILE, 'utf8') : '';
  // Another schema or gql.tada: every cached type may be wrong.
  expect(cache.split('\n', 1)[0], stale).toBe(cacheHeader());
  const cached = new Set(cachedDocuments(cache));
  const nameOf = (source: string) => /^\s*(?:query|mutation|subscription)\s+(\w+)/.exec(source)?.[1] ?? source.slice(0, 60);
  // A document written or changed since (not cached: tsc works it out, slowly), or one no longer written.
  expect(
    {
      notCached: documents.filter((source) => !cached.has(source)).map(nameOf),
      noLongerWritten: [...cached].filter((source) => !documents.includes(source)).map(nameOf),
    },
    stale,
  ).toEqual({ notCached: [], noLongerWritten: [] });
});
