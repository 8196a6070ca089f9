import type { FastifyInstance } from 'fastify';
import type { DocumentNode } from 'graphql';
import { graphql } from './graphql-runtime.js';

/**
 * Collects the features' schema extensions and resolvers while they register, and applies them
 * once: mercurius rebuilds the whole schema on every extendSchema call, so 34 calls one after the
 * other cost about a quarter of a start's CPU (docs/decisions/0062, warm start). The documents are
 * joined into one (extensions of one type may repeat in it); resolvers are then defined in the
 * order the features gave them. Calls after `apply()` go straight to mercurius again.
 */
export function batchSchemaExtensions(app: FastifyInstance): { apply: () => void } {
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
    apply() {
      target.extendSchema = extendSchema;
      target.defineResolvers = defineResolvers;
      if (documents.length) target.extendSchema({ kind: graphql.Kind.DOCUMENT, definitions: documents.flatMap((d) => d.definitions) });
      for (const r of resolvers) target.defineResolvers(r as never);
    },
  };
}
