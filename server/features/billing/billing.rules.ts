import type { OperationRules } from '../../graphql/operation-rules.js';

/**
 * Who may call each billing operation (docs/decisions/0041, 0068): an organization's admins read its
 * billing and pay; every signed-in person reads the notice of a read-only organization; only admins
 * of the operator organization see and change other organizations' billing.
 */
export const billingRules: OperationRules = {
  Query: { billing: 'ADMIN', billingSeatPeople: 'ADMIN', billingInvoices: 'ADMIN', billingNotice: 'SIGNED_IN', operatorBilling: 'OPERATOR_ADMIN' },
  Mutation: { startBillingCheckout: 'ADMIN', openBillingPortal: 'ADMIN', setOrganizationBilling: 'OPERATOR_ADMIN' },
};
