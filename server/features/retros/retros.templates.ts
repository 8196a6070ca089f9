import type { MercuriusContext } from 'mercurius';
import { conflict } from '../../../shared/app-error.js';
import { RETRO_LIMITS, retroHealthCheckInputSchema, retroTemplateInputSchema } from '../../../shared/retros.js';
import { templateLifecycle, templateResolvers } from '../templates/templates.lifecycle.js';
import { copyNamed, creatorTemplateRules, parsedWith } from '../templates/templates.stored.js';
import { loadUser } from '../users/users.loaders.js';
import type { RetroPart } from './retros.part.js';
import { retroHealthCheckStore, retroTemplateStore, type RetroHealthCheckView, type RetroTemplateView } from './retros.templates.repo.js';

type Ctx = MercuriusContext;

/**
 * Retros: templates and health check statement sets (docs/decisions/0047), through the template
 * lifecycle (docs/decisions/0075). Everyone signed in reads them, creates and copies; the creator,
 * their manager and admins edit, archive and restore (SUBJECT_OR_MANAGER in retros.rules.ts).
 * Built-ins (shared/retros.ts) are never changed (CONFLICT): copy one to edit it. Retros keep their
 * own copy of the prompts and statements (insertRetro), so an edit never reaches an existing retro.
 */
const templates = templateLifecycle({
  ...creatorTemplateRules<RetroTemplateView>('template', conflict),
  noun: 'Retro template',
  store: retroTemplateStore,
  parse: parsedWith(retroTemplateInputSchema),
  copyOf: copyNamed(RETRO_LIMITS.templateNameMax),
});

const healthChecks = templateLifecycle({
  ...creatorTemplateRules<RetroHealthCheckView>('health check', conflict),
  noun: 'Health check',
  store: retroHealthCheckStore,
  parse: parsedWith(retroHealthCheckInputSchema),
  copyOf: copyNamed(RETRO_LIMITS.templateNameMax),
});

const templateResolversOf = templateResolvers(templates, {
  list: 'retroTemplates',
  one: 'retroTemplate',
  create: 'createRetroTemplate',
  copy: 'copyRetroTemplate',
  update: 'updateRetroTemplate',
  archive: 'archiveRetroTemplate',
  restore: 'restoreRetroTemplate',
});
const healthResolversOf = templateResolvers(healthChecks, {
  list: 'retroHealthChecks',
  create: 'createRetroHealthCheck',
  copy: 'copyRetroHealthCheck',
  update: 'updateRetroHealthCheck',
  archive: 'archiveRetroHealthCheck',
  restore: 'restoreRetroHealthCheck',
});

export const retroTemplatesPart: RetroPart = {
  resolvers: {
    Query: { ...templateResolversOf.Query, ...healthResolversOf.Query },
    Mutation: { ...templateResolversOf.Mutation, ...healthResolversOf.Mutation },
    RetroTemplate: {
      created_by: (t: RetroTemplateView, _: unknown, ctx: Ctx) => loadUser(ctx, t.created_by),
      can_manage: (t: RetroTemplateView, _: unknown, ctx: Ctx) => templates.canChange(ctx, t),
    },
    RetroHealthCheck: {
      created_by: (t: RetroHealthCheckView, _: unknown, ctx: Ctx) => loadUser(ctx, t.created_by),
      can_manage: (t: RetroHealthCheckView, _: unknown, ctx: Ctx) => healthChecks.canChange(ctx, t),
    },
  },
};
