import { afterAll, beforeAll, expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, seedOrg, signedIn } from '../../test/helpers.js';
import type { MassCreateResult } from './mass-creation.service.js';

/** Shared GraphQL documents and helpers for the mass-creation tests (mass-creation.*.test.ts). */
export const MUTATION = /* GraphQL */ `
  mutation M($rows: [MassCreateUserRow!]!, $dryRun: Boolean, $batch_id: ID, $createTeams: Boolean) {
    massCreateUsers(rows: $rows, dryRun: $dryRun, batch_id: $batch_id, createTeams: $createTeams) {
      batch_id count totalUserWithEmailError usersWithErrors { errorType email row message }
    }
  }`;
export const RESULT_QUERY = /* GraphQL */ `query Q($id: ID!) { massCreation(batch_id: $id) { batch_id count totalUserWithEmailError usersWithErrors { errorType email row message } } }`;
export const ROLLBACK = /* GraphQL */ `mutation R($id: ID!) { rollbackMassCreation(batch_id: $id) }`;

export type Row = Record<string, string | null | undefined>;
type Caller = Awaited<ReturnType<typeof signedIn>>;

export async function massCreate(caller: Caller, rows: Row[], opts: { dryRun?: boolean; batch_id?: string; createTeams?: boolean } = {}) {
  return caller.gql(MUTATION, { rows, ...opts });
}

export function result(res: { data: Record<string, any> | null; errors?: unknown }): MassCreateResult {
  expect(res.errors).toBeUndefined();
  return res.data!.massCreateUsers as MassCreateResult;
}

/**
 * Registers the file's beforeAll/afterAll (the real app on a fresh SQLite file, closed after the
 * file) and returns helpers over that app. Read the app as `t.app` in tests (it is set once
 * beforeAll has run); the helpers read it when called, so they may be destructured at load time.
 */
export function useMassCreationApp() {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  /** A fresh organization per test (seedOrg names must differ in letters: they become email domains). */
  let orgCounter = 0;
  async function freshOrg() {
    orgCounter += 1;
    let n = orgCounter;
    let suffix = '';
    do {
      suffix = String.fromCharCode(97 + (n % 26)) + suffix;
      n = Math.floor(n / 26);
    } while (n > 0);
    const seeded = await seedOrg(app, `Org${suffix}x`);
    const domain = seeded.admin.email.split('@')[1]!;
    const admin = await signedIn(app, seeded.admin.email);
    return { ...seeded, adminUser: seeded.admin, domain, admin };
  }

  const sqlite = () => app.services.db.$client;
  const countUsers = () => (sqlite().prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n;
  const countTeams = () => (sqlite().prepare('SELECT count(*) AS n FROM teams').get() as { n: number }).n;
  const batchUsers = (batchId: string) =>
    sqlite().prepare('SELECT * FROM users WHERE mass_batch_id = ? ORDER BY email').all(batchId) as Array<Record<string, unknown>>;

  /** POST a file to the CSV import endpoint. */
  function upload(token: string | null, body: string | Buffer, query = '', contentType = 'text/csv') {
    return app.inject({
      method: 'POST',
      url: `/api/admin/users/import${query}`,
      headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: body,
    });
  }

  function get(token: string | null, url: string) {
    return app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  }

  return {
    get app() {
      return app;
    },
    freshOrg,
    sqlite,
    countUsers,
    countTeams,
    batchUsers,
    upload,
    get,
  };
}
