import type { z } from 'zod';
import type { AppError } from '../../../shared/app-error.js';
import { parseInput, withoutNulls } from '../../lib/parse.js';
import type { TemplateArea } from './templates.lifecycle.js';
import { isCreatorOrTheirManager, type StoredTemplateView } from './templates.repo.js';

type Rules<V> = Pick<TemplateArea<V, never>, 'kind' | 'id' | 'builtIn' | 'archived' | 'mayChange' | 'notYours' | 'builtInRefusal'>;

/**
 * The rules of templates anyone signed in creates for everyone, next to built-ins in code (feedback
 * request templates, retro templates and health checks): the creator, the creator's manager and
 * admins change one; anyone else copies it. A built-in is never changed, nor archived: `refuse`
 * gives the refusal's code (each area keeps the one its API has always answered).
 */
export function creatorTemplateRules<Def extends { id: string }>(kind: string, refuse: (message: string) => AppError): Rules<StoredTemplateView<Def>> {
  return {
    kind,
    id: (t) => t.id,
    builtIn: (t) => t.built_in,
    archived: (t) => t.archived,
    mayChange: (ctx, viewer, t) => isCreatorOrTheirManager(ctx.services.db, viewer, t.created_by),
    notYours: `Only the person who created this ${kind}, their manager and admins can change it. Copy it to make your own.`,
    builtInRefusal: { error: () => refuse(`Built-in ${kind}s cannot be changed; copy one to edit it.`), archive: true },
  };
}

/** Content parsed with the shared schema (GraphQL's nulls read as missing keys). */
export const parsedWith =
  <S extends z.ZodType>(schema: S) =>
  (_ctx: unknown, _viewer: unknown, input: unknown): z.output<S> =>
    parseInput(schema, withoutNulls(input));

/** A copy of the template named by the mutation's `id`: the same content, named "Copy of X" (cut to the name limit). */
export const copyNamed =
  (nameMax: number) =>
  <V extends { name: string }>(_ctx: unknown, _viewer: unknown, args: Record<string, unknown>, find: (id: string) => V): V => {
    const source = find(String(args.id));
    return { ...source, name: `Copy of ${source.name}`.slice(0, nameMax) };
  };
