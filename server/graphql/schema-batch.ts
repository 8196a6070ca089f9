import type { FastifyInstance } from 'fastify';
import type { DocumentNode } from 'graphql';
import { graphql } from './graphql-runtime.js';

/**
 * Collects the features' schema extensions and resolvers while they register, and applies them
 * once: mercurius rebuilds the whole schema on every extendSchema call, so 34 calls one after the
 * other cost about a quarter of a start's CPU (docs/decisions/0062, warm start). The documents are
 * joined into one (extensions of one type may repeat in it); resolvers are then defined in the
 * order the features gave them. Calls after `apply()` go straight to mercurius again. `validate:
 * false` (the server start) skips graphql-js's checks of the SDL and of the built schema, which run
 * on every app the tests build.
 */
export function batchSchemaExtensions(app: FastifyInstance): { apply: (options?: { validate?: boolean }) => void } {
  const target = app.graphql;
  const extendSchema = target.extendSchema;
  const defineResolvers = target.defineResolvers;
  const documents: DocumentNode[] = [];
  const resolvers: unknown[] = [];
  target.extendSchema = ((s: string | DocumentNode) => {
    // Parsed here: mercurius would parse the joined text with the request token limit.
    documents.push(typeof s === 'string' ? graphql.parse(s) : s);
  }) as typeof extendSchema;
  target.defineResolvers = ((r: unknown) => {
    resolvers.push(r);
  }) as typeof defineResolvers;
  return {
    apply({ validate = true } = {}) {
      target.extendSchema = extendSchema;
      target.defineResolvers = defineResolvers;
      if (documents.length) {
        const document: DocumentNode = { kind: graphql.Kind.DOCUMENT, definitions: documents.flatMap((d) => d.definitions) };
        // The schema is the code's own: checked by every test that builds the app, so a server start
        // may skip the checks (about half of the schema's build; mercurius's on ready then finds it valid).
        if (validate) target.extendSchema(document);
        else target.replaceSchema(graphql.extendSchema(target.schema, document, { assumeValidSDL: true, assumeValid: true }));
      }
      for (const r of resolvers) target.defineResolvers(r as never);
    },
  };
}
