// `npm run schema`: rewrites schema.graphql from the app's schema (server/graphql/schema-file.ts).
import fs from 'node:fs';
import { printSchemaOfApp, SCHEMA_FILE } from '../server/graphql/schema-file.js';

const sdl = await printSchemaOfApp();
const before = fs.existsSync(SCHEMA_FILE) ? fs.readFileSync(SCHEMA_FILE, 'utf8') : null;
fs.writeFileSync(SCHEMA_FILE, sdl);
console.log(before === sdl ? 'schema.graphql is up to date.' : 'schema.graphql rewritten from the app.');
