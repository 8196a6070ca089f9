import type { GraphQLArgument, GraphQLField, GraphQLObjectType, GraphQLSchema } from 'graphql';

/**
 * Builds an operation and its variables for any root field of the live schema (app.graphql.schema):
 * used by the tests that call every operation (bad-input.test.ts, authorization-matrix*.test.ts).
 * Types are read by shape, not with graphql's isX helpers: Mercurius may load its own copy of graphql.
 */
/** Operations that end the caller's session, account or organization: the tests call them last. */
export const ENDING_OPERATIONS = ['signOutEverywhere', 'removeLoggedUser', 'closeAccount'];

export type Kind = 'query' | 'mutation' | 'subscription';
export type Variant = 'garbage' | 'empty' | 'valid';
export type RootField = GraphQLField<unknown, unknown>;
type Named = {
  name: string;
  getValues?: () => Array<{ value: unknown }>;
  getFields?: () => Record<string, { name: string; type: { toString(): string }; args?: readonly GraphQLArgument[] }>;
  getTypes?: () => unknown[];
};

/** A value chosen for an argument or input field by its name and SDL type, or undefined for the generic one. */
export type Chooser = (name: string, type: string) => unknown;

export function rootFields(schema: GraphQLSchema, kind: Kind): RootField[] {
  const type = (
    kind === 'query' ? schema.getQueryType() : kind === 'mutation' ? schema.getMutationType() : schema.getSubscriptionType()
  ) as GraphQLObjectType | null;
  return type ? Object.values(type.getFields()) : [];
}

const namedOf = (schema: GraphQLSchema, type: string) => schema.getType(type.replace(/[[\]!]/g, '')) as unknown as Named;

/** A value for a type written as in SDL ("[ReviewAnswerInput!]!"); `choose` may pick one per field name first. */
export function valueFor(schema: GraphQLSchema, type: string, variant: Variant, choose?: Chooser, depth = 0): unknown {
  const t = type.endsWith('!') ? type.slice(0, -1) : type;
  if (t.startsWith('[')) return variant === 'empty' ? [] : [valueFor(schema, t.slice(1, -1), variant, choose, depth + 1)];
  const named = namedOf(schema, t);
  if (named.getValues) return named.getValues()[0]!.value;
  if (named.getFields) {
    if (depth > 4) return {};
    return Object.fromEntries(
      Object.values(named.getFields()).map((f) => {
        const chosen = choose?.(f.name, f.type.toString());
        return [f.name, chosen !== undefined ? chosen : valueFor(schema, f.type.toString(), variant, choose, depth + 1)];
      }),
    );
  }
  switch (named.name) {
    case 'Int':
      return variant === 'garbage' ? -2147483648 : variant === 'valid' ? 1 : 0;
    case 'Float':
      return variant === 'garbage' ? -1e300 : 0;
    case 'Boolean':
      return variant !== 'valid';
    case 'ID':
      return variant === 'garbage' ? '00000000-0000-0000-0000-000000000000' : '';
    default:
      return variant === 'garbage' ? 'x'.repeat(10_000) : variant === 'valid' ? 'Authorization matrix' : '';
  }
}

/** Variables for every argument of the field. */
export function variablesFor(schema: GraphQLSchema, field: RootField, variant: Variant, choose?: Chooser): Record<string, unknown> {
  return Object.fromEntries(
    field.args.map((a) => {
      const chosen = choose?.(a.name, a.type.toString());
      return [a.name, chosen !== undefined ? chosen : valueFor(schema, a.type.toString(), variant, choose)];
    }),
  );
}

const takesNoRequiredArgs = (f: { args?: readonly GraphQLArgument[] }) => !(f.args ?? []).some((a) => a.type.toString().endsWith('!'));

/**
 * `typename`: the smallest valid selection. `fields`: every scalar, and the scalars of every object
 * field, one level down. Under a list, object fields give only their id and lists in lists are left
 * out: whole objects for each of an organization's people is what the cost limit refuses
 * (docs/decisions/0043), and ids are enough to tell another organization's data.
 */
function selectionFor(schema: GraphQLSchema, type: string, selection: 'typename' | 'fields', depth = 0): string {
  const named = namedOf(schema, type);
  if (!named.getFields) return '';
  if (selection === 'typename' || depth > 1) return ' { __typename }';
  const isList = (t: string) => t.startsWith('[');
  const parts = Object.values(named.getFields())
    .filter(takesNoRequiredArgs)
    .map((f) => {
      const inner = namedOf(schema, f.type.toString());
      if (!inner.getFields) return f.name;
      if (depth > 0 || (isList(type) && isList(f.type.toString()))) return '';
      if (isList(type)) return inner.getFields().id ? `${f.name} { __typename id }` : '';
      return `${f.name}${selectionFor(schema, f.type.toString(), selection, depth + 1)}`;
    })
    .filter(Boolean);
  return ` { __typename ${parts.join(' ')} }`;
}

export function operationFor(schema: GraphQLSchema, kind: Kind, field: RootField, selection: 'typename' | 'fields' = 'typename'): string {
  const args = field.args as readonly GraphQLArgument[];
  const defs = args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
  const call = args.length ? `(${args.map((a) => `${a.name}: $${a.name}`).join(', ')})` : '';
  return `${kind}${defs ? `(${defs})` : ''} { ${field.name}${call}${selectionFor(schema, field.type.toString(), selection)} }`;
}
