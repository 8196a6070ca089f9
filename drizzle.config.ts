import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: ['./server/features/*/*.tables.ts', './server/jobs/*.tables.ts'],
  out: './migrations',
});
