import type { ASTVisitor, FragmentDefinitionNode, SelectionSetNode, ValidationContext, ValidationRule } from 'graphql';
import { graphql } from './graphql-runtime.js';
import { queryCostRule } from './query-cost.js';

const { GraphQLError, Kind, NoSchemaIntrospectionCustomRule } = graphql;

export const QUERY_LIMITS = { maxDepth: 8, maxFields: 1500, maxAliases: 30 } as const;

type Totals = { fields: number; aliases: number };

/**
 * Depth, field-count and alias limits computed with named fragments expanded, so a
 * query cannot hide depth or amplification behind fragment spreads (mercurius's
 * queryDepth counts a spread as a leaf).
 */
export const queryComplexityRule: ValidationRule = (context: ValidationContext): ASTVisitor => {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of context.getDocument().definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);

  function walk(set: SelectionSetNode, depth: number, totals: Totals, seen: Set<string>): number {
    let deepest = depth;
    for (const sel of set.selections) {
      if (totals.fields > QUERY_LIMITS.maxFields) return deepest;
      if (sel.kind === Kind.FIELD) {
        totals.fields++;
        if (sel.alias) totals.aliases++;
        if (sel.selectionSet) deepest = Math.max(deepest, walk(sel.selectionSet, depth + 1, totals, seen));
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        deepest = Math.max(deepest, walk(sel.selectionSet, depth, totals, seen));
      } else {
        const frag = fragments.get(sel.name.value);
        if (!frag || seen.has(frag.name.value)) continue;
        seen.add(frag.name.value);
        deepest = Math.max(deepest, walk(frag.selectionSet, depth, totals, seen));
        seen.delete(frag.name.value);
      }
    }
    return deepest;
  }

  return {
    OperationDefinition(node) {
      const totals: Totals = { fields: 0, aliases: 0 };
      const depth = walk(node.selectionSet, 0, totals, new Set());
      const name = node.name?.value ?? 'anonymous';
      if (depth > QUERY_LIMITS.maxDepth)
        context.reportError(new GraphQLError(`Operation ${name} is nested ${depth} levels deep; the limit is ${QUERY_LIMITS.maxDepth}.`, { nodes: [node] }));
      if (totals.fields > QUERY_LIMITS.maxFields)
        context.reportError(new GraphQLError(`Operation ${name} selects more than ${QUERY_LIMITS.maxFields} fields.`, { nodes: [node] }));
      if (totals.aliases > QUERY_LIMITS.maxAliases)
        context.reportError(new GraphQLError(`Operation ${name} uses ${totals.aliases} aliases; the limit is ${QUERY_LIMITS.maxAliases}.`, { nodes: [node] }));
    },
  };
};

/** The rules HTTP and websocket operations both run (the cost rule: query-cost.ts). */
export function validationRules(introspection: boolean): ValidationRule[] {
  return introspection ? [queryComplexityRule, queryCostRule] : [queryComplexityRule, queryCostRule, NoSchemaIntrospectionCustomRule];
}
