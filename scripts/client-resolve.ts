import { fileURLToPath } from 'node:url';

/**
 * How the web app's imports resolve, for its build (vite.config.ts) and its tests (vitest.config.ts):
 * graphql-request's `graphql` import gets the few names it uses without the parser
 * (client/lib/no-graphql-parser.ts, docs/decisions/0053).
 */
export const clientResolve = {
  alias: [{ find: /^graphql$/, replacement: fileURLToPath(new URL('../client/lib/no-graphql-parser.ts', import.meta.url)) }],
};
