import { initGraphQLTada } from 'gql.tada';
import type { introspection } from '../graphql-env.js';

/**
 * gql.tada set up for schema.graphql (client/graphql-env.d.ts, written by `npm run schema`): how a
 * document's result and variables types are read (docs/decisions/0072). The web app imports this
 * module for its types only (client/lib/graphql.ts): documents stay the strings they are written
 * as, so gql.tada's runtime and its parser never reach a page's JavaScript.
 */
const tada = initGraphQLTada<{
  introspection: introspection;
  // DateTime travels as an ISO string; ids are strings both ways.
  scalars: { DateTime: string; ID: string };
  // Fragments (the app writes none) would not hide their fields.
  disableMasking: true;
}>();

/** What gql.tada makes of a document; the web app uses its type, `ReturnType<typeof typedDocument<Source>>`. */
export const typedDocument = <const Source extends string>(source: Source) => tada(source);
