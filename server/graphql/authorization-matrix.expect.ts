import type { Rule } from './operation-rules.js';
import type { Role } from './authorization-matrix.fixtures.js';

/**
 * The expected outcome of every rule, written once (docs/decisions/0041): who is let through when
 * the objects are of the caller's organization. Objects of another organization: nobody but PUBLIC.
 * `anonymous` is the caller without a token; the operator organization is the first one (Acme).
 */
export type CallerRole = Role | 'anonymous';

const SIGNED: CallerRole[] = ['member', 'otherManager', 'ownManager', 'subject', 'admin'];

export const ALLOWED: Record<Rule, (operatorOrg: boolean) => CallerRole[]> = {
  PUBLIC: () => ['anonymous', ...SIGNED],
  SIGNED_IN: () => SIGNED,
  SELF: () => SIGNED,
  MANAGER: () => ['otherManager', 'ownManager', 'admin'],
  MANAGER_OF_SUBJECT: () => ['ownManager', 'admin'],
  SUBJECT: () => ['subject'],
  SUBJECT_OR_MANAGER: () => ['subject', 'ownManager', 'admin'],
  ADMIN: () => ['admin'],
  OPERATOR_ADMIN: (operatorOrg) => (operatorOrg ? ['admin'] : []),
  SIGNED_LINK: () => [],
};

export function expectAllowed(rule: Rule, role: CallerRole, sameOrg: boolean, operatorOrg: boolean): boolean {
  if (rule === 'PUBLIC') return true;
  return sameOrg && ALLOWED[rule](operatorOrg).includes(role);
}

type GqlError = { message: string; path?: readonly (string | number)[]; extensions?: { code?: string } };
export type Outcome = { status: number; data: Record<string, unknown> | null; errors?: GqlError[] };

const AUTH_CODES = ['UNAUTHENTICATED', 'FORBIDDEN'];

/** Nothing: null, false, 0, '', [] or an object of nothing (a count of 0, exists: false ...). */
export function isNothing(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.entries(value).every(([k, v]) => k === '__typename' || isNothing(v));
  return false;
}

const rootCodes = (o: Outcome, field: string) =>
  (o.errors ?? []).filter((e) => !e.path || e.path.length === 0 || (e.path.length === 1 && e.path[0] === field)).map((e) => e.extensions?.code ?? 'none');

/**
 * Why the outcome does not match, or null. Allowed: no UNAUTHENTICATED or FORBIDDEN (nor NOT_FOUND:
 * the object is there); any other answer (CONFLICT for a closed cycle, BAD_USER_INPUT) means the
 * rule let the caller through. Refused: UNAUTHENTICATED without a token; otherwise FORBIDDEN,
 * NOT_FOUND, or nothing at all; for another organization's objects also BAD_USER_INPUT ("no such
 * person in this organization"). Leaks (another organization's ids in the answer) are checked apart.
 */
export function mismatch(o: Outcome, field: string, allowed: boolean, role: CallerRole, sameOrg: boolean): string | null {
  if (o.status >= 500) return `status ${o.status}`;
  const codes = rootCodes(o, field);
  if (codes.includes('INTERNAL_SERVER_ERROR') || codes.includes('none')) return `unexpected error ${JSON.stringify(o.errors)}`;
  if (allowed) {
    const bad = codes.find((c) => AUTH_CODES.includes(c) || c === 'NOT_FOUND');
    return bad ? `expected allowed, got ${bad}: ${o.errors?.[0]?.message}` : null;
  }
  if (role === 'anonymous') return codes.includes('UNAUTHENTICATED') ? null : `expected UNAUTHENTICATED, got ${codes.join(',') || JSON.stringify(o.data)}`;
  const refusals = sameOrg ? [...AUTH_CODES, 'NOT_FOUND'] : [...AUTH_CODES, 'NOT_FOUND', 'BAD_USER_INPUT'];
  if (codes.length) return codes.every((c) => refusals.includes(c)) ? null : `expected refused, got ${codes.join(',')}: ${o.errors?.[0]?.message}`;
  return isNothing(o.data?.[field]) ? null : `expected refused, got data ${JSON.stringify(o.data?.[field]).slice(0, 200)}`;
}

/** Ids and emails of `foreign` found in the answer. */
export function leaks(o: Outcome, foreign: ReadonlySet<string>): string[] {
  const text = JSON.stringify(o.data ?? null);
  return [...foreign].filter((id) => text.includes(id));
}
