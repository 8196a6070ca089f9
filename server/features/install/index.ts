import type { FastifyInstance } from 'fastify';
import type { MercuriusContext } from 'mercurius';
import { z } from 'zod';
import { conflict, forbidden } from '../../../shared/app-error.js';
import { SIGN_UP_SOURCES } from '../../../shared/install.js';
import { requireAdmin } from '../../graphql/context.js';
import { parseInput } from '../../lib/parse.js';
import type { Services } from '../../services.js';
import { countWaitingMail } from '../notifications/notifications.repo.js';
import { getInstallSettings, setSignUp } from './install.repo.js';
import { isOperatorOrganization, signUpState } from './install.sign-up.js';
import { declareOperationRules } from '../../graphql/operation-rules.js';
import { installRules } from './install.rules.js';

const schema = /* GraphQL */ `
  enum SignUpSource { ${SIGN_UP_SOURCES.join(' ')} }
  type InstallSignUp {
    "Whether anyone who reaches the server may create an organization (/sign-up)."
    open: Boolean!
    "ENV: the SIGNUP environment variable decides; SETTING: an operator admin chose; DEFAULT: closed once the first organization exists."
    source: SignUpSource!
    "Whether the viewer's organization is the install's operator organization (the first one)."
    is_operator_organization: Boolean!
    "Whether the viewer may change it: an admin of the operator organization, while SIGNUP is not set."
    can_change: Boolean!
    updated_at: DateTime
  }
  type EmailDelivery {
    "Whether SMTP_URL is set: without it, mail stays in the outbox (the server log never holds its links)."
    configured: Boolean!
    "Messages in the outbox that were not sent: the organization's, and for the operator organization also the install's own (sign-up links)."
    waiting: Int!
  }
  extend type Query {
    "Admin: public organization sign-up for the whole install (/admin/settings/configurations)."
    installSignUp: InstallSignUp!
    "Admin: whether this server sends mail, and how many of the organization's messages wait in the outbox."
    emailDelivery: EmailDelivery!
  }
  extend type Mutation {
    "Admin of the operator organization: opens or closes public organization sign-up. Refused while SIGNUP is set."
    setSignUpOpen(open: Boolean!): InstallSignUp!
  }
`;

function signUpFor(services: Services, organizationId: string) {
  const state = signUpState(services.db, services.config);
  const operator = isOperatorOrganization(services.db, organizationId);
  const row = getInstallSettings(services.db);
  return { ...state, is_operator_organization: operator, can_change: operator && state.source !== 'ENV', updated_at: row?.sign_up ? row.updated_at : null };
}

/** Settings of the whole install (not of one organization), changed by the operator organization's admins. */
export async function installFeature(app: FastifyInstance): Promise<void> {
  declareOperationRules(app, installRules);
  app.graphql.extendSchema(schema);
  app.graphql.defineResolvers({
    Query: {
      installSignUp: (_: unknown, __: unknown, ctx: MercuriusContext) => signUpFor(ctx.services, requireAdmin(ctx).organizationId),
      emailDelivery: (_: unknown, __: unknown, ctx: MercuriusContext) => {
        const orgId = requireAdmin(ctx).organizationId;
        const { db, mailer } = ctx.services;
        return { configured: mailer.smtpConfigured, waiting: countWaitingMail(db, orgId, isOperatorOrganization(db, orgId)) };
      },
    },
    Mutation: {
      setSignUpOpen: (_: unknown, args: { open: unknown }, ctx: MercuriusContext) => {
        const viewer = requireAdmin(ctx);
        const { services } = ctx;
        if (!isOperatorOrganization(services.db, viewer.organizationId)) {
          throw forbidden('Only admins of the organization that runs this server can open or close sign-up.');
        }
        if (services.config.signUp) {
          throw conflict(
            `The SIGNUP environment variable sets sign-up to ${services.config.signUp === 'OPEN' ? 'open' : 'closed'} on this server; change it there.`,
          );
        }
        const open = parseInput(z.boolean('Choose open or closed.'), args.open);
        setSignUp(services.db, open ? 'OPEN' : 'CLOSED', viewer.userId);
        services.log.info({ userId: viewer.userId, open }, 'public organization sign-up changed');
        return signUpFor(services, viewer.organizationId);
      },
    },
  } as never);
}
