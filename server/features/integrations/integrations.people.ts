import type { MercuriusContext } from 'mercurius';
import { notFound } from '../../../shared/app-error.js';
import type { IntegrationProvider } from '../../../shared/integrations.js';
import { requireAdmin } from '../../graphql/context.js';
import { findUserById } from '../users/users.repo.js';
import { loadUser } from '../users/users.loaders.js';
import type { FeaturePart } from '../feature-part.js';
import { candidatesFor, connectionInfo, matchAccounts } from './integrations.matching.repo.js';
import {
  findExternalAccount,
  listExternalAccounts,
  matchExternalAccountManually,
  setExternalAccountBot,
  type ExternalAccountRow,
  type Filter,
} from './integrations.people.repo.js';

/**
 * People of the connected services (docs/decisions/0051, /admin/integrations): the accounts, who they
 * are matched to and how, the people who fit an ambiguous one; an admin matches an account by hand
 * (the person's account field follows, and is cleared again when unmatched), marks bots, or matches
 * every account again. Admin-only (integrations.rules.ts).
 */

type Ctx = MercuriusContext;
function requireAccount(ctx: Ctx, organizationId: string, id: string): ExternalAccountRow {
  const account = findExternalAccount(ctx.services.db, organizationId, id);
  if (!account) throw notFound('Account');
  return account;
}

export const integrationsPeoplePart: FeaturePart = {
  resolvers: {
    ExternalAccount: {
      user: (a: ExternalAccountRow, _: unknown, ctx: Ctx) => loadUser(ctx, a.user_id),
      candidates: async (a: ExternalAccountRow, _: unknown, ctx: Ctx) => {
        if (a.match_kind !== 'AMBIGUOUS') return [];
        const conn = connectionInfo(ctx.services.db, a.connection_id);
        if (!conn) return [];
        const ids = candidatesFor(ctx.services.db, a.organization_id, conn, a).userIds;
        return (await Promise.all(ids.map((id) => loadUser(ctx, id)))).filter((u) => u !== null);
      },
    },
    Query: {
      externalAccounts: (
        _: unknown,
        args: { provider?: IntegrationProvider | null; filter?: Filter | null; search?: string | null; limit?: number | null; offset?: number | null },
        ctx: Ctx,
      ) => listExternalAccounts(ctx.services.db, requireAdmin(ctx).organizationId, args),
    },
    Mutation: {
      matchExternalAccount: (_: unknown, args: { id: string; user_id?: string | null }, ctx: Ctx) => {
        const viewer = requireAdmin(ctx);
        const db = ctx.services.db;
        const account = requireAccount(ctx, viewer.organizationId, args.id);
        const userId = args.user_id ?? null;
        if (userId && !findUserById(db, viewer.organizationId, userId)) throw notFound('Person');
        matchExternalAccountManually(db, account, userId);
        return findExternalAccount(db, viewer.organizationId, account.id);
      },
      setExternalAccountBot: (_: unknown, args: { id: string; is_bot: boolean }, ctx: Ctx) => {
        const viewer = requireAdmin(ctx);
        const db = ctx.services.db;
        const account = requireAccount(ctx, viewer.organizationId, args.id);
        if (account.is_bot !== args.is_bot) {
          setExternalAccountBot(db, viewer.organizationId, account, args.is_bot);
        }
        return findExternalAccount(db, viewer.organizationId, account.id);
      },
      rematchExternalAccounts: (_: unknown, __: unknown, ctx: Ctx) => matchAccounts(ctx.services.db, requireAdmin(ctx).organizationId).matched,
    },
  },
};
