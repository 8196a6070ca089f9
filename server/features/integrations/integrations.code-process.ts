import type { MercuriusContext } from 'mercurius';
import { codeProcessSettingsInput } from '../../../shared/integrations.js';
import { requireAdmin } from '../../graphql/context.js';
import { parseInput } from '../../lib/parse.js';
import type { FeaturePart } from '../feature-part.js';
import { readStoredCodeProcess, saveCodeProcessSettings, type Stored } from './integrations.code-process.repo.js';

/**
 * The organization's code process (/admin/integrations/code-process): which branches count, how a
 * deployment is recognised, which issue types are bugs or incidents, the incident window, bot
 * accounts. Saving it recomputes every derived column of the organization in the same request
 * (integrations.ingest.repo.ts recomputeDerived), so the insights follow at once.
 */

/** GraphQL inputs may carry nulls where the shared schema expects a missing key (incident_window_hours keeps its null: unlimited). */
const present = (s: Stored) => ({ ...s.settings, updated_at: s.updated_at });

export const integrationsCodeProcessPart: FeaturePart = {
  resolvers: {
    Query: {
      codeProcessSettings: (_: unknown, __: unknown, ctx: MercuriusContext) =>
        present(readStoredCodeProcess(ctx.services.db, requireAdmin(ctx).organizationId)),
    },
    Mutation: {
      updateCodeProcessSettings: (_: unknown, args: { input: Record<string, unknown> }, ctx: MercuriusContext) => {
        const viewer = requireAdmin(ctx);
        const input = { ...args.input, incident_window_hours: args.input?.incident_window_hours ?? null };
        const settings = parseInput(codeProcessSettingsInput, input);
        return present(saveCodeProcessSettings(ctx.services.db, viewer.organizationId, settings, viewer.userId));
      },
    },
  },
};
