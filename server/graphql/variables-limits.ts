import type { GraphQLFormattedError } from 'graphql';
import { GRAPHQL_MAX_VARIABLE_VALUES, GRAPHQL_MAX_VARIABLES_DEPTH } from '../../shared/limits.js';
import { VARIABLES_TOO_DEEP, VARIABLES_TOO_LARGE } from '../../shared/errors.js';
import { formatNumber } from '../../shared/format.js';

/**
 * Bounds an operation's variables before anything walks them (docs/decisions/0057): the response
 * cache key (JSON.stringify), graphql-js's coercion and the resolvers all recurse, and a body of
 * 5,000 nested objects overflowed the stack (a 500) before validation had a say. This walk is
 * iterative (its own stack, no recursion) and stops at the first limit passed.
 *
 * Depth: the variables object is level 0, a variable's value level 1, each object or list inside
 * it one more. Values: every value of the tree (objects, lists and scalars alike).
 */
export type VariablesProblem = { code: typeof VARIABLES_TOO_DEEP | typeof VARIABLES_TOO_LARGE; message: string };

export function variablesProblem(
  variables: unknown,
  limits = { maxDepth: GRAPHQL_MAX_VARIABLES_DEPTH, maxValues: GRAPHQL_MAX_VARIABLE_VALUES },
): VariablesProblem | null {
  if (variables === null || typeof variables !== 'object') return null;
  const stack: Array<{ value: object; depth: number }> = [{ value: variables, depth: 0 }];
  let values = 0;
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    const children: unknown[] = Array.isArray(value) ? value : Object.values(value);
    values += children.length;
    if (values > limits.maxValues) {
      return { code: VARIABLES_TOO_LARGE, message: `The variables hold more than ${formatNumber(limits.maxValues)} values; send less at once.` };
    }
    for (const child of children) {
      if (child === null || typeof child !== 'object') continue;
      if (depth + 1 >= limits.maxDepth) {
        return { code: VARIABLES_TOO_DEEP, message: `The variables are nested more than ${limits.maxDepth} levels deep.` };
      }
      stack.push({ value: child, depth: depth + 1 });
    }
  }
  return null;
}

/** The problem as the one error of a refused operation (HTTP 400, or a websocket `error` message). */
export function variablesError(problem: VariablesProblem): GraphQLFormattedError {
  return { message: problem.message, extensions: { code: problem.code } };
}
