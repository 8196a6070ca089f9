import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createTestApp, seedOrg, signedIn, WEB_APP_ACCEPT } from '../test/helpers.js';

/**
 * Shared setup for the GraphQL over HTTP tests through the real app (graphql-http.*.test.ts,
 * docs/protocols.md, security bar 23-32). Requests ask for application/graphql-response+json as the
 * web app does, so an operation that never ran answers 400 (answer-media.ts); what application/json
 * answers is graphql-http.audit.test.ts's part.
 */
export type Body = { data?: Record<string, any> | null; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };

export const bodyOf = (res: LightMyRequestResponse) => res.json() as Body;
export const messages = (res: LightMyRequestResponse) => (bodyOf(res).errors ?? []).map((e) => e.message).join('\n');

export function res200(res: LightMyRequestResponse): boolean {
  return res.statusCode === 200 && bodyOf(res).errors === undefined;
}

export type HttpOrg = Awaited<ReturnType<typeof seedOrg>>;

/**
 * Registers the file's beforeAll/afterAll: the real app with one organization (Acme) and its
 * member's access token (`t.token`), closed after the file. Read `t.app`, `t.org` and `t.token` in
 * tests (they are set once beforeAll has run); `post` sends a JSON body to /graphql as that member,
 * with the web app's Accept header unless `headers` says otherwise.
 */
export function useGraphqlHttpApp() {
  let app: FastifyInstance;
  let org: HttpOrg;
  let token: string;
  beforeAll(async () => {
    app = await createTestApp();
    org = await seedOrg(app);
    token = (await signedIn(app, org.member.email)).token;
  });
  afterAll(async () => {
    await app.close();
  });
  function post(payload: unknown, headers: Record<string, string> = {}, raw = false): Promise<LightMyRequestResponse> {
    return app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', accept: WEB_APP_ACCEPT, authorization: `Bearer ${token}`, ...headers },
      payload: raw ? (payload as string) : JSON.stringify(payload),
    });
  }
  return {
    get app() {
      return app;
    },
    get org() {
      return org;
    },
    get token() {
      return token;
    },
    post,
  };
}
