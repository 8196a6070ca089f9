import type { FastifyInstance } from 'fastify';
import { billingReadOnly } from '../../../shared/app-error.js';
import { BILLING_READ_ONLY_MESSAGE } from '../../../shared/billing.js';
import { addWriteGate } from '../../graphql/operation-rules.js';
import { billingRules } from './billing.rules.js';
import { billingState } from './billing.state.js';

/**
 * Writes that still work while an organization is read-only over billing (docs/decisions/0068):
 * billing itself (paying lifts it), the caller's sessions and password, marking notifications read
 * and recording a visit (reading), and switching feature areas (so an admin who switched Billing
 * off can reach it again). Exports are GET routes, which the gate never sees; sign-in and the other
 * account links are public routes without a caller.
 */
export const WRITES_ALLOWED_WHILE_READ_ONLY: ReadonlySet<string> = new Set([
  ...Object.keys(billingRules.Mutation ?? {}).map((name) => `Mutation.${name}`),
  'Mutation.signOutEverywhere',
  'Mutation.updatePassword',
  'Mutation.markNotificationsRead',
  'Mutation.recordEngagement',
  'Mutation.setFeatureAreas',
]);

/**
 * Read-only for new content is one mechanism: a write gate of the operation rules layer
 * (server/graphql/operation-rules.ts) that refuses every other mutation and REST write of a
 * read-only organization with BILLING_READ_ONLY. Nothing is deleted; paying again lifts it at once,
 * since the state is read on each write.
 */
export function registerReadOnlyGate(app: FastifyInstance): void {
  const { db, config } = app.services;
  if (config.billing.mode === 'none') return;
  addWriteGate(app, (viewer, operation) => {
    if (WRITES_ALLOWED_WHILE_READ_ONLY.has(operation)) return null;
    const state = billingState(db, config, viewer.organizationId);
    if (!state.readOnly) return null;
    return billingReadOnly(state.status === 'CANCELLED' ? BILLING_READ_ONLY_MESSAGE.CANCELLED : BILLING_READ_ONLY_MESSAGE.READ_ONLY);
  });
}
