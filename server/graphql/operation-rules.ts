import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthenticated, type AppError } from '../../shared/app-error.js';
import { bearerToken, viewerFromAccessToken, type Viewer } from '../features/auth/viewer.js';
import type { GraphQLContext } from './context.js';

/**
 * Who may call an operation (docs/decisions/0041). Every Query, Mutation and Subscription field and
 * every REST route declares one of these, once: GraphQL fields in their feature's `<feature>.rules.ts`
 * (declareOperationRules in the feature's plugin), routes in their `config: { rule }`. The
 * authorization matrix (server/graphql/authorization-matrix*.test.ts) fails for any operation or
 * route without one, and checks each against the outcomes written per rule.
 *
 * `needs` is the coarse part the server enforces from the same table before the resolver runs
 * (no token: UNAUTHENTICATED; not an admin for an admin rule: FORBIDDEN, worded as requireAdmin);
 * the resolver and its policy decide the rest, in their own words (e.g. "Only managers and admins
 * can see review templates.", which people read in the app).
 */
export const RULES = {
  /** Anybody, no token needed. */
  PUBLIC: { needs: 'nothing' },
  /** Any signed-in person of the organization; other organizations' objects answer NOT_FOUND, null or nothing. */
  SIGNED_IN: { needs: 'viewer' },
  /** Only about the caller (their own settings, notifications, requests): takes no other person's objects. */
  SELF: { needs: 'viewer' },
  /** Managers and admins (templates, automation, reminder settings), whatever the object's subject. */
  MANAGER: { needs: 'viewer' },
  /** The subject's manager (direct, team manager or lead, or the manager who runs the subject's cycle or rule) or an admin. */
  MANAGER_OF_SUBJECT: { needs: 'viewer' },
  /** Only the subject: the reviewee of a participant, the reviewer of a request, the owner of a notification. */
  SUBJECT: { needs: 'viewer' },
  /** The subject, their manager or an admin (a cycle they take part in, their results once released). */
  SUBJECT_OR_MANAGER: { needs: 'viewer' },
  /** An admin of the organization. */
  ADMIN: { needs: 'admin' },
  /** An admin of the operator organization (the install's first one): install settings, the public forms' messages. */
  OPERATOR_ADMIN: { needs: 'admin' },
  /** REST only: no token, but a link signed by the server for one organization's path (media). */
  SIGNED_LINK: { needs: 'nothing' },
} as const;

export type Rule = keyof typeof RULES;
export type RootType = 'Query' | 'Mutation' | 'Subscription';
/** A feature's rules: root type -> field name -> rule. One line per operation. */
export type OperationRules = Partial<Record<RootType, Record<string, Rule>>>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route (operation-rules.ts); every route declares one. */
    rule?: Rule;
  }
  interface FastifyInstance {
    operationRules: OperationRuleRegistry;
  }
}

export type RegisteredRoute = { method: string; url: string; readonly rule: Rule | undefined };

/**
 * A check that every write of a signed-in caller passes after its rule: a mutation (`Mutation.<name>`)
 * or a REST route that is not GET/HEAD/OPTIONS (`POST /api/...`, the route's pattern). Answers the
 * refusal, or null. One place for conditions of the whole organization, such as billing's read-only
 * state (docs/decisions/0068), instead of a check in every resolver.
 */
export type WriteGate = (viewer: Viewer, operation: string) => AppError | null;

export class OperationRuleRegistry {
  /** 'Query.teams' -> rule. */
  readonly operations = new Map<string, Rule>();
  readonly routes: RegisteredRoute[] = [];
  readonly writeGates: WriteGate[] = [];

  /** The first gate's refusal of this write, or null. */
  gateWrite(viewer: Viewer, operation: string): AppError | null {
    for (const gate of this.writeGates) {
      const refused = gate(viewer, operation);
      if (refused) return refused;
    }
    return null;
  }

  declare(rules: OperationRules): void {
    for (const [type, fields] of Object.entries(rules)) {
      for (const [name, rule] of Object.entries(fields ?? {})) {
        const key = `${type}.${name}`;
        if (this.operations.has(key)) throw new Error(`operation rules: ${key} is declared twice`);
        if (!(rule in RULES)) throw new Error(`operation rules: ${key} has an unknown rule ${String(rule)}`);
        this.operations.set(key, rule);
      }
    }
  }
}

/** The base schema's own fields (graphql.plugin.ts). */
const BASE_RULES: OperationRules = {
  Query: { _ping: 'PUBLIC' },
  Mutation: { _ping: 'PUBLIC' },
  // Every socket needs a token at connection_init, so no subscription is public.
  Subscription: { _ping: 'SIGNED_IN' },
};

/** A feature declares its operations' rules from its plugin: `declareOperationRules(app, teamsRules)`. */
export function declareOperationRules(app: FastifyInstance, rules: OperationRules): void {
  app.operationRules.declare(rules);
}

/** Adds a check to every write of a signed-in caller (see WriteGate). */
export function addWriteGate(app: FastifyInstance, gate: WriteGate): void {
  app.operationRules.writeGates.push(gate);
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The coarse check of a rule; null when it passes. */
function refusal(rule: Rule, viewer: Viewer | null) {
  const needs = RULES[rule].needs;
  if (needs === 'nothing') return null;
  if (!viewer) return unauthenticated();
  if (needs === 'admin' && viewer.permissionLevel !== 'ADMIN') return forbidden('Only an admin can do this.');
  return null;
}

type Resolver = (parent: unknown, args: unknown, ctx: GraphQLContext, info: unknown) => unknown;
type Field = { resolve?: Resolver; subscribe?: Resolver };
const ROOT_TYPES: RootType[] = ['Query', 'Mutation', 'Subscription'];

/**
 * Wraps every root field with its rule's coarse check. A field without a rule fails closed: it answers
 * FORBIDDEN until its feature declares one (and the start logs it; the matrix test lists it).
 */
function enforceOnSchema(app: FastifyInstance): void {
  const schema = app.graphql.schema;
  const undeclared: string[] = [];
  for (const type of ROOT_TYPES) {
    const root = type === 'Query' ? schema.getQueryType() : type === 'Mutation' ? schema.getMutationType() : schema.getSubscriptionType();
    if (!root) continue;
    for (const [name, field] of Object.entries(root.getFields() as unknown as Record<string, Field>)) {
      const rule = app.operationRules.operations.get(`${type}.${name}`);
      if (!rule) undeclared.push(`${type}.${name}`);
      if (rule && RULES[rule].needs === 'nothing') continue;
      const key = type === 'Subscription' ? 'subscribe' : 'resolve';
      const inner = field[key];
      if (!inner) continue;
      const operation = `${type}.${name}`;
      const write = type === 'Mutation';
      field[key] = (parent, args, ctx, info) => {
        const refused = rule ? refusal(rule, ctx.viewer) : forbidden(`${operation} declares no rule of who may call it (operation-rules.ts).`);
        if (refused) throw refused;
        const gated = write && ctx.viewer ? app.operationRules.gateWrite(ctx.viewer, operation) : null;
        if (gated) throw gated;
        return inner(parent, args, ctx, info);
      };
    }
  }
  if (undeclared.length)
    app.log.error({ operations: undeclared }, "operations without a rule answer FORBIDDEN: declare them in their feature's <feature>.rules.ts");
}

/**
 * Registered right after the GraphQL plugin: holds the registry, records every route as it is
 * added (with its config.rule), checks REST routes' rules on each request, and once everything is
 * registered (onReady) wraps the schema's root fields with their rules.
 */
export const operationRulesPlugin = fp(
  async (app: FastifyInstance) => {
    const registry = new OperationRuleRegistry();
    registry.declare(BASE_RULES);
    app.decorate('operationRules', registry);
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      // Read when asked: a later onRoute hook (spa.ts) may still set the rule.
      for (const method of methods)
        registry.routes.push({
          method,
          url: route.url,
          get rule() {
            return route.config?.rule;
          },
        });
    });
    // A callback hook, not an async one: it runs for every request, and most rules need no check here.
    app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      const rule = request.routeOptions.config?.rule;
      if (!rule || RULES[rule].needs === 'nothing') return done();
      const viewer = viewerFromAccessToken(app, bearerToken(request.headers.authorization));
      const refused =
        refusal(rule, viewer) ??
        (viewer && !READS.has(request.method) ? registry.gateWrite(viewer, `${request.method} ${request.routeOptions.url ?? request.url}`) : null);
      if (!refused) return done();
      if (refused.code === 'UNAUTHENTICATED') void reply.header('WWW-Authenticate', 'Bearer');
      void reply.code(refused.code === 'UNAUTHENTICATED' ? 401 : 403).send({ error: refused.code, message: refused.message });
    });
    app.addHook('onReady', async () => enforceOnSchema(app));
  },
  { name: 'teamlens-operation-rules' },
);
