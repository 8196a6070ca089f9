import { defineConfig } from 'vitest/config';

/**
 * Two projects (docs/test-budget.md):
 * - server: the real app on a real SQLite file per test file. Modules are loaded once per worker
 *   (isolate: false): importing Fastify, Mercurius, graphql and the email lists took longer than most
 *   files' tests. Every file still builds its own app on its own database, so no test shares data.
 * - client: React in jsdom. The files share a worker's modules too (isolate: false): a process per file
 *   made the project about five times slower (docs/decisions/0074). So every test ends in
 *   client/test/setup.ts: unmounted, the answers still on their way refused, its query clients'
 *   queries cancelled and mutations settled, then the stubbed globals restored and the app's
 *   module-level stores (the alert, the modals, the session) reset: nothing a test started reaches the next.
 * - client-mocks: the client files that replace modules (vi.mock), each in a process of its own, so the
 *   mock cannot leak.
 */
/** Client test files that replace modules (vi.mock). */
const MOCKING_FILES = [
  'client/features/csv-import/csv-import-page.test.tsx',
  'client/features/notes/note-editor.test.tsx',
  'client/features/notifications/notification-bell.test.tsx',
  'client/features/retros/retro-meeting.test.tsx',
  'client/features/retros/retro-meeting.collab.test.tsx',
];

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    projects: [
      { extends: true, test: { name: 'server', include: ['server/**/*.test.ts', 'shared/**/*.test.ts'], environment: 'node', isolate: false } },
      {
        extends: true,
        test: {
          name: 'client',
          include: ['client/**/*.test.{ts,tsx}'],
          exclude: MOCKING_FILES,
          environment: 'node',
          setupFiles: ['client/test/setup.ts'],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'client-mocks', include: MOCKING_FILES, environment: 'node', setupFiles: ['client/test/setup.ts'] } },
    ],
  },
});
