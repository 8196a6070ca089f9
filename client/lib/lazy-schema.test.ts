import { expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';

it('builds the schema on its first use, once, and then validates as the schema does', () => {
  const build = vi.fn(() => z.object({ view: z.enum(['new']).optional().catch(undefined), id: z.string().max(4).optional() }));
  const schema = lazySchema(build);
  expect(build).not.toHaveBeenCalled();

  // What TanStack Router's validateSearch does with a schema: an `in` check, then `~standard`.
  expect('~standard' in schema).toBe(true);
  expect(schema['~standard'].validate({ view: 'old', id: 'a1' })).toEqual({ value: { view: undefined, id: 'a1' } });
  expect(schema.parse({ view: 'new' })).toEqual({ view: 'new' });
  expect(schema.safeParse({ id: 'too long' }).success).toBe(false);
  expect(build).toHaveBeenCalledTimes(1);
});
