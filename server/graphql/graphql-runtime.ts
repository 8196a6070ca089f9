import { createRequire } from 'node:module';

/**
 * graphql-js ships CJS and ESM builds; mercurius (CJS) builds the schema with the CJS one,
 * and graphql-js refuses to mix instances ("from another module or realm"). Server code
 * therefore takes graphql's runtime values only from here (type imports may come from
 * 'graphql' directly), and loads graphql-ws's server the same way.
 */
const require = createRequire(import.meta.url);

export const graphql = require('graphql') as typeof import('graphql');
export const graphqlWs = require('graphql-ws') as typeof import('graphql-ws');
