import type { z } from 'zod';

/**
 * A zod schema built the first time something uses it, not when its module loads
 * (docs/decisions/0077). The route definitions, with their search and params schemas, are all in
 * the entry chunk, which every page evaluates in one task before anything else can run; building
 * some 25 schemas there took about a third of that task, for routes the page never visits.
 *
 * The value stands in for the schema itself: `.parse`, `.safeParse`, `~standard` (what TanStack
 * Router's `validateSearch` calls) and `z.infer<typeof …>` work as on the schema, which is built
 * once, on the first property read or `in` check.
 */
export function lazySchema<T extends z.ZodType>(build: () => T): T {
  let schema: T | undefined;
  const built = (): T => (schema ??= build());
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(built(), key),
    has: (_target, key) => Reflect.has(built(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(built()),
  });
}
