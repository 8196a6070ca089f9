import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['e2e/**/*.e2e.ts'], testTimeout: 60_000, hookTimeout: 90_000, pool: 'forks', fileParallelism: false },
});
