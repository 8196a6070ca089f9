// `npm run schema`: rewrites schema.graphql from the app's schema, then client/graphql-env.d.ts from it
// (server/graphql/schema-file.ts); scripts/graphql-cache.ts then rewrites the documents' type cache.
import fs from 'node:fs';
import path from 'node:path';
import { printSchemaOfApp, SCHEMA_FILE, TADA_OUTPUT_FILE, tadaOutputOfSchemaFile } from '../server/graphql/schema-file.js';

function write(file: string, text: string): void {
  const before = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  fs.writeFileSync(file, text);
  console.log(`${path.relative(process.cwd(), file)}: ${before === text ? 'up to date' : 'rewritten'}.`);
}

write(SCHEMA_FILE, await printSchemaOfApp());
write(TADA_OUTPUT_FILE, await tadaOutputOfSchemaFile());
