import { defineConfig } from 'vitest/config';

/**
 * Two projects (docs/test-budget.md):
 * - server: the real app on a real SQLite file per test file. Modules are loaded once per worker
 *   (isolate: false): importing Fastify, Mercurius, graphql and the email lists took longer than most
 *   files' tests. Every file still builds its own app on its own database, so no test shares data.
 * - client: React in jsdom, each file in a process of its own (module mocks and the app's session and
 *   alert stores must not carry over from one file to the next).
 */
export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    projects: [
      { extends: true, test: { name: 'server', include: ['server/**/*.test.ts', 'shared/**/*.test.ts'], environment: 'node', isolate: false } },
      { extends: true, test: { name: 'client', include: ['client/**/*.test.{ts,tsx}'], environment: 'node', setupFiles: ['client/test/setup.ts'] } },
    ],
  },
});
