/**
 * What graphql-request imports from the `graphql` package, without the parser and printer
 * (docs/decisions/0053). graphql-request parses each document it sends only to read its
 * operation name; that took the graphql parser (12 kB compressed, ~40 kB of code to run) into every
 * signed-in page. The web app sends documents as strings and names their operations itself
 * (client/lib/graphql.ts), so the client build and the client tests resolve `graphql` here
 * (vite.config.ts, vitest.config.ts). graphql-request treats a document it cannot parse as an
 * unnamed string, which is what it gets.
 */
export const Kind = { OPERATION_DEFINITION: 'OperationDefinition' } as const;

export function parse(): never {
  throw new Error('The web app does not parse GraphQL documents (client/lib/no-graphql-parser.ts).');
}

export function print(): never {
  throw new Error('The web app sends GraphQL documents as strings (client/lib/no-graphql-parser.ts).');
}
