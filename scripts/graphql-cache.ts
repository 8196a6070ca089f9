// Writes client/graphql-cache.d.ts: gql.tada's turbo cache of every client document's types, so tsc
// reads them instead of working each one out from its text (docs/decisions/0072). Run by `npm run
// schema` after it rewrites schema.graphql and client/graphql-env.d.ts.
//
// `gql-tada turbo` caches the calls of gql.tada's own graphql(); the web app's graphql() returns the
// document's string (client/lib/graphql.ts), which turbo skips. So the documents are read from the
// client's source (each graphql() call's text, its ${...} parts resolved to the constants they name),
// written as calls of gql.tada's graphql() into a scratch program under .tmp/, and turbo runs on that.
// The cache is keyed by a document's text, which is what client/lib/graphql-tada.ts looks up.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheHeader, clientDocuments, GRAPHQL_CACHE_FILE } from './graphql-cache.documents.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const scratch = path.join(root, '.tmp', 'graphql-turbo');

function writeScratchProgram(documents: string[]): string {
  fs.rmSync(scratch, { recursive: true, force: true });
  fs.mkdirSync(scratch, { recursive: true });
  const relative = (file: string) => path.relative(scratch, path.join(root, file)).split(path.sep).join('/');
  const tsconfig = {
    compilerOptions: {
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'Bundler',
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      types: [],
      plugins: [{ name: 'gql.tada/ts-plugin', schema: relative('schema.graphql'), tadaOutputLocation: relative('client/graphql-env.d.ts') }],
    },
    files: ['documents.ts'],
  };
  fs.writeFileSync(path.join(scratch, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
  const calls = documents.map((text) => `graphql(${JSON.stringify(text)});`).join('\n');
  fs.writeFileSync(path.join(scratch, 'documents.ts'), `import { typedDocument as graphql } from '${relative('client/lib/graphql-tada.js')}';\n\n${calls}\n`);
  return path.join(scratch, 'tsconfig.json');
}

const documents = clientDocuments();
const tsconfig = writeScratchProgram(documents);
// turbo keeps the types of documents it has cached for this schema; worked out with another setup or
// gql.tada, none is kept.
const previous = fs.existsSync(GRAPHQL_CACHE_FILE) ? fs.readFileSync(GRAPHQL_CACHE_FILE, 'utf8') : '';
if (previous.split('\n', 1)[0] !== cacheHeader()) fs.rmSync(GRAPHQL_CACHE_FILE, { force: true });
try {
  execFileSync(path.join(root, 'node_modules', '.bin', 'gql-tada'), ['turbo', '--tsconfig', tsconfig, '--output', GRAPHQL_CACHE_FILE, '--fail-on-warn'], {
    cwd: root,
    stdio: 'inherit',
  });
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
const written = fs.readFileSync(GRAPHQL_CACHE_FILE, 'utf8');
fs.writeFileSync(GRAPHQL_CACHE_FILE, `${cacheHeader()}\n${written.replace(/^\/\/ graphql-cache: .*\n/, '')}`);
console.log(`${path.relative(root, GRAPHQL_CACHE_FILE)}: the types of ${documents.length} documents.`);
