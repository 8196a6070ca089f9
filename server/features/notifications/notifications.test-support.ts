import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../../test/helpers.js';
import { startFakeSlack, type FakeSlack } from './notifications.fake-slack.js';

/**
 * Registers the hooks shared by the delivery and Slack tests (notifications.deliver.test.ts,
 * notifications.slack.test.ts): the real app on a fresh SQLite file, its SLACK_WEBHOOK_BASE pointing
 * at a fake Slack on 127.0.0.1, both closed after the file; before each test the fake Slack forgets
 * what it received and answers `200 ok` at once again. Read `t.app` and `t.slack` in tests (they are
 * set once beforeAll has run).
 */
export function useAppWithFakeSlack(): { readonly app: FastifyInstance; readonly slack: FakeSlack } {
  let app: FastifyInstance;
  let slack: FakeSlack;
  beforeAll(async () => {
    slack = await startFakeSlack();
    app = await createTestApp({ SLACK_WEBHOOK_BASE: slack.base });
  });
  afterAll(async () => {
    await app.close();
    await slack.close();
  });
  beforeEach(() => {
    slack.received.length = 0;
    Object.assign(slack.answer, { status: 200, text: 'ok', delayMs: 0 });
  });
  return {
    get app() {
      return app;
    },
    get slack() {
      return slack;
    },
  };
}
