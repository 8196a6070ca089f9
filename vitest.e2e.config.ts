import { defineConfig } from 'vitest/config';

// Each browser test file starts its own server (own port, own data directory) and its own Chromium,
// so two files run side by side: most of a browser test is waiting on the page (docs/test-budget.md).
export default defineConfig({
  test: { include: ['e2e/**/*.e2e.ts'], testTimeout: 60_000, hookTimeout: 90_000, pool: 'forks', fileParallelism: true, maxWorkers: 2 },
});
