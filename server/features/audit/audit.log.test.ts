/** The audit log itself: reading it (filters, pages, organizations), its retention, the CSV export, and a table that cannot be changed. */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { FORMULA_TRIGGERS } from '../../../shared/csv-safe.js';
import { newId } from '../../lib/tokens.js';
import { Browser, codeOf, createTestApp, seedOrg, signedIn } from '../../test/helpers.js';
import { recordAudit } from './audit.repo.js';
import { AUDIT_RETENTION_KIND } from './audit.retention.js';
import { EVENTS, auditRows } from './audit.test-support.js';
import { DAY_MS } from '../../../shared/dates.days.js';

let app: FastifyInstance;
let a: Awaited<ReturnType<typeof seedOrg>>;
let b: Awaited<ReturnType<typeof seedOrg>>;
let adminA: Awaited<ReturnType<typeof signedIn>>;
let adminB: Awaited<ReturnType<typeof signedIn>>;

const sqlite = () => app.services.db.$client;
/** An event written straight into the table at a chosen time (the app only ever writes "now"). */
function insertAt(orgId: string, daysAgo: number, label = 'old'): string {
  const id = newId();
  sqlite()
    .prepare("INSERT INTO audit_events (id, organization_id, at, action, actor_label) VALUES (?, ?, ?, 'SIGN_IN_FAILED', ?)")
    .run(id, orgId, new Date(Date.now() - daysAgo * DAY_MS).toISOString(), label);
  return id;
}
const exists = (id: string) => !!sqlite().prepare('SELECT 1 FROM audit_events WHERE id = ?').get(id);
const exportCsv = (token: string, query = '') =>
  app.inject({ method: 'GET', url: `/api/admin/audit/export.csv${query}`, headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  app = await createTestApp();
  a = await seedOrg(app, 'Alpha');
  b = await seedOrg(app, 'Beta');
  adminA = await signedIn(app, a.admin.email);
  adminB = await signedIn(app, b.admin.email);
});
afterAll(async () => {
  await app.close();
});

describe('auditEvents', () => {
  it('admins read their own organization only, newest first; members and managers are refused', async () => {
    await new Browser(app, '10.4.4.4').signIn(a.member.email, 'a wrong password entirely');
    const mine = (await adminA.gql(EVENTS)).data!.auditEvents;
    expect(mine.events[0]).toMatchObject({
      action: 'SIGN_IN_FAILED',
      action_label: 'Sign-in failed',
      actor_id: null,
      actor_label: a.member.email,
      subject_id: a.member.id,
      subject_name: 'Alpha Member',
      ip: '10.4.4.4',
      summary: 'Wrong password',
    });
    expect(mine.events.map((e: { at: string }) => e.at)).toEqual([...mine.events.map((e: { at: string }) => e.at)].sort().reverse());
    const theirs = (await adminB.gql(EVENTS)).data!.auditEvents.events as Array<{ subject_id: string | null; actor_id: string | null }>;
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((e) => e.actor_id !== a.member.id && e.subject_id !== a.member.id && e.actor_id !== a.admin.id)).toBe(true);
    expect(codeOf(await (await signedIn(app, a.member.email)).gql(EVENTS))).toBe('FORBIDDEN');
    expect(codeOf(await (await signedIn(app, a.manager.email)).gql('{ auditSettings { retention_days } }'))).toBe('FORBIDDEN');
    expect(codeOf(await (await signedIn(app, a.member.email)).gql('mutation { updateAuditSettings(retention_days: 90) { retention_days } }'))).toBe(
      'FORBIDDEN',
    );
    expect((await exportCsv((await signedIn(app, a.member.email)).token)).statusCode).toBe(403);
  });

  it('filters by action, person and dates, and pages with a cursor', async () => {
    for (let i = 0; i < 5; i++)
      recordAudit(app.services.db, { organizationId: a.org.id, action: 'PEOPLE_EXPORTED', actorUserId: a.manager.id, details: { include_deleted: false } });
    const byAction = await adminA.gql(EVENTS, { filter: { action: 'PEOPLE_EXPORTED' }, first: 2 });
    const page1 = byAction.data!.auditEvents;
    expect(page1.events).toHaveLength(2);
    expect(page1.next_cursor).toEqual(expect.any(String));
    const page2 = (await adminA.gql(EVENTS, { filter: { action: 'PEOPLE_EXPORTED' }, first: 2, after: page1.next_cursor })).data!.auditEvents;
    const page3 = (await adminA.gql(EVENTS, { filter: { action: 'PEOPLE_EXPORTED' }, first: 2, after: page2.next_cursor })).data!.auditEvents;
    expect(page3.next_cursor).toBeNull();
    const ids = [...page1.events, ...page2.events, ...page3.events].map((e: { id: string }) => e.id);
    expect(new Set(ids).size).toBe(5);

    const byPerson = (await adminA.gql(EVENTS, { filter: { person: a.manager.id } })).data!.auditEvents.events as Array<{
      actor_id: string;
      subject_id: string;
    }>;
    expect(byPerson.length).toBeGreaterThanOrEqual(6); // the five exports and the manager's sign-in
    expect(byPerson.every((e) => e.actor_id === a.manager.id || e.subject_id === a.manager.id)).toBe(true);

    expect((await adminA.gql(EVENTS, { filter: { actor: a.manager.id, action: 'PEOPLE_EXPORTED' } })).data!.auditEvents.events).toHaveLength(5);
    expect((await adminA.gql(EVENTS, { filter: { subject: a.manager.id, action: 'PEOPLE_EXPORTED' } })).data!.auditEvents.events).toHaveLength(0);
    expect((await adminA.gql(EVENTS, { filter: { subject: a.manager.id } })).data!.auditEvents.events.map((e: { action: string }) => e.action)).toEqual([
      'SIGN_IN_SUCCEEDED',
    ]);
    const future = new Date(Date.now() + DAY_MS).toISOString();
    expect((await adminA.gql(EVENTS, { filter: { from_at: future } })).data!.auditEvents.events).toEqual([]);
    expect((await adminA.gql(EVENTS, { filter: { to_at: future, action: 'PEOPLE_EXPORTED' } })).data!.auditEvents.events).toHaveLength(5);
    expect(codeOf(await adminA.gql(EVENTS, { filter: { from_at: future, to_at: new Date().toISOString() } }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await adminA.gql(EVENTS, { filter: { from_at: 'yesterday' } }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await adminA.gql(EVENTS, { first: 1000 }))).toBe('BAD_USER_INPUT');
  });
});

describe('the table is append-only', () => {
  it('refuses UPDATE, and DELETE of an event inside the retention', () => {
    const recent = auditRows(app, a.org.id)[0]!;
    expect(() => sqlite().prepare("UPDATE audit_events SET actor_label = 'someone else' WHERE id = ?").run(recent.id)).toThrow(/append-only/);
    expect(() => sqlite().prepare('DELETE FROM audit_events WHERE id = ?').run(recent.id)).toThrow(/append-only/);
    expect(() => sqlite().prepare('DELETE FROM audit_events').run()).toThrow(/append-only/);
    expect(exists(recent.id)).toBe(true);
    const old = insertAt(a.org.id, 400);
    expect(() => sqlite().prepare("UPDATE audit_events SET action = 'SIGN_IN_SUCCEEDED' WHERE id = ?").run(old)).toThrow(/append-only/);
  });
});

describe('retention', () => {
  it('is 365 days by default, 30 to 3650, and its change is recorded', async () => {
    expect((await adminB.gql('{ auditSettings { retention_days } }')).data).toEqual({ auditSettings: { retention_days: 365 } });
    for (const days of [29, 3651]) {
      const res = await adminB.gql('mutation($d: Int!) { updateAuditSettings(retention_days: $d) { retention_days } }', { d: days });
      expect(codeOf(res)).toBe('BAD_USER_INPUT');
      expect(res.errors![0]!.extensions!.fields).toEqual({ retention_days: expect.stringMatching(/at (least 30|most 3650) days/) });
    }
    expect((await adminB.gql('mutation { updateAuditSettings(retention_days: 90) { retention_days } }')).data).toEqual({
      updateAuditSettings: { retention_days: 90 },
    });
    expect((await adminB.gql('{ auditSettings { retention_days } }')).data).toEqual({ auditSettings: { retention_days: 90 } });
    expect((await adminA.gql('{ auditSettings { retention_days } }')).data).toEqual({ auditSettings: { retention_days: 365 } });
    expect(auditRows(app, b.org.id, 'AUDIT_RETENTION_CHANGED')).toEqual([
      expect.objectContaining({ actor_user_id: b.admin.id, details: JSON.stringify({ from: 365, to: 90 }) }),
    ]);
  });

  it("the daily job deletes only events past each organization's retention, once per day", async () => {
    const { scheduler } = app.services;
    const a400 = insertAt(a.org.id, 400);
    const a300 = insertAt(a.org.id, 300);
    const b100 = insertAt(b.org.id, 100); // Beta keeps 90 days
    const b60 = insertAt(b.org.id, 60);
    const runs = () => (sqlite().prepare('SELECT count(*) AS n FROM jobs WHERE kind = ?').get(AUDIT_RETENTION_KIND) as { n: number }).n;
    // Today's run happened when the app started: a tick in the same day runs nothing more.
    await scheduler.tick();
    const before = runs();
    expect(exists(a400)).toBe(true);

    let now = Date.now() + DAY_MS;
    scheduler.useClock(() => now);
    await scheduler.tick();
    expect(runs()).toBe(before + 1);
    expect([exists(a400), exists(a300), exists(b100), exists(b60)]).toEqual([false, true, false, true]);

    const lateComer = insertAt(a.org.id, 500);
    await scheduler.tick();
    expect(runs()).toBe(before + 1);
    expect(exists(lateComer)).toBe(true);
    now += DAY_MS;
    await scheduler.tick();
    expect(runs()).toBe(before + 2);
    expect(exists(lateComer)).toBe(false);
    scheduler.useClock(() => Date.now());
  });
});

describe('CSV export', () => {
  it('is formula-safe, follows the filters, refuses bad ones, and is itself recorded', async () => {
    recordAudit(app.services.db, {
      organizationId: a.org.id,
      action: 'SIGN_IN_FAILED',
      actorLabel: '=HYPERLINK("http://evil.example","x")',
      subjectLabel: '+1 555',
      details: { reason: 'wrong_password' },
    });
    const res = await exportCsv(adminA.token, '?action=SIGN_IN_FAILED');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="teamlens-audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parse(res.body.replace(/^\uFEFF/, '')) as string[][];
    expect(rows[0]).toEqual(['at_utc', 'action', 'what', 'who', 'who_email', 'about', 'about_email', 'ip', 'details']);
    expect(rows.slice(1).every((r) => r[1] === 'SIGN_IN_FAILED')).toBe(true);
    expect(rows.flat().filter((cell) => cell.length > 0 && FORMULA_TRIGGERS.has(cell[0]!))).toEqual([]);
    expect(rows.flat()).toEqual(expect.arrayContaining(['\'=HYPERLINK("http://evil.example","x")', "'+1 555"]));
    expect(res.body).not.toContain('Beta');

    expect(auditRows(app, a.org.id, 'AUDIT_EXPORTED').map((r) => r.details)).toEqual([JSON.stringify({ filters: 'action=SIGN_IN_FAILED' })]);
    expect((await exportCsv(adminA.token, '?action=NOPE')).statusCode).toBe(400);
    expect((await exportCsv(adminA.token, '?from_at=tomorrow')).json()).toMatchObject({ error: 'BAD_USER_INPUT' });
    expect((await app.inject({ method: 'GET', url: '/api/admin/audit/export.csv' })).statusCode).toBe(401);
  });
});
