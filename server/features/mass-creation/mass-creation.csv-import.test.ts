/** The CSV import endpoint (POST /api/admin/users/import) and its header normaliser. */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedIn } from '../../test/helpers.js';
import { CSV_UPLOAD_MAX_BYTES } from '../../../shared/limits.js';
import { normalizeCsvHeader } from '../../../shared/mass-create.schema.js';
import type { MassCreateResult } from './mass-creation.service.js';
import { RESULT_QUERY, useMassCreationApp } from './mass-creation.test-support.js';

const t = useMassCreationApp();
const { freshOrg, sqlite, countUsers, batchUsers, upload } = t;

describe('CSV upload', () => {
  it('reads mixed-case and aliased headers, a BOM, quoted commas and line breaks, blank and ragged lines', async () => {
    const { admin, domain } = await freshOrg();
    const csv = [
      '\uFEFFE-Mail,Full Name,MANAGER,Team Name,Permission,TimeZone,Notes', // row 1 (an unknown column is ignored)
      `c1@${domain},"Doe, Jane",c2@${domain},Csv Team,manager,Europe/Paris,hello`, // row 2
      '', // row 3: blank
      `c2@${domain},"Multi`, // row 4: a cell with a line break (one spreadsheet row)
      `Line",,Csv Team,,,`, //
      `c3@${domain},Ragged`, // row 5: too few cells
      ',,,,,,', // row 6: empty cells only, skipped
      `c1@${domain},Twice,,,,,`, // row 7: duplicate
      `c4@${domain},Extra Empty,,,,,,,,`, // row 8: extra empty cells are tolerated
      `c5@${domain},Extra Full,,,,,,surprise`, // row 9: extra non-empty cell
    ].join('\r\n');
    const res = await upload(admin.token, csv, '?createTeams=true');
    expect(res.statusCode).toBe(200);
    const body = res.json() as MassCreateResult;
    expect(body.count).toBe(3);
    expect(body.usersWithErrors.map((e) => [e.row, e.errorType, e.email])).toEqual([
      [5, 'INVALID_ROW', `c3@${domain}`],
      [7, 'DUPLICATE_IN_FILE', `c1@${domain}`],
      [9, 'INVALID_ROW', `c5@${domain}`],
    ]);
    expect(body.usersWithErrors[0]!.message).toBe('This row has 2 cells but the header has 7; check for a missing or extra separator.');
    expect(body.totalUserWithEmailError).toBe(1);
    const created = batchUsers(body.batch_id);
    expect(created.map((u) => [u.email, u.full_name, u.permission_level, u.time_zone])).toEqual([
      [`c1@${domain}`, 'Doe, Jane', 'MANAGER', 'Europe/Paris'],
      [`c2@${domain}`, 'Multi\r\nLine', 'MANAGER', null], // c1's manager, with no level of their own: promoted
      [`c4@${domain}`, 'Extra Empty', 'MEMBER', null],
    ]);
    expect(created[0]!.manager_id).toBe(created[1]!.id);
    // The same result through GraphQL.
    const { batch_id, count, totalUserWithEmailError, usersWithErrors } = body;
    expect((await admin.gql(RESULT_QUERY, { id: body.batch_id })).data!.massCreation).toEqual({ batch_id, count, totalUserWithEmailError, usersWithErrors });
  });

  it("decodes UTF-8 characters that straddle the parser's 64 KiB chunks", async () => {
    const { admin, domain } = await freshOrg();
    const bytes = (text: string) => Buffer.byteLength(text);
    const header = 'email,full_name\n';
    const prefix = `zoe@${domain},Zo`;
    const target = 65_535 - bytes(prefix); // where the prefix must start, so "ë" starts at byte 65,535
    const filler: string[] = [];
    let size = bytes(header);
    for (let i = 0; target - size > 200; i++) {
      const line = `f${i}@${domain},Filler ${i}\n`;
      filler.push(line);
      size += bytes(line);
    }
    for (const [i, last] of [
      [0, false],
      [1, true],
    ] as const) {
      const head = `pad${i}@${domain},`;
      const nameLength = last ? target - size - bytes(head) - 1 : 60;
      filler.push(`${head}${'p'.repeat(nameLength)}\n`);
      size += bytes(head) + nameLength + 1;
    }
    const csv = `${header}${filler.join('')}${prefix}ë Ünïcødé\n`;
    expect(Buffer.from(csv).indexOf(Buffer.from('ë'))).toBe(65_535);
    const res = await upload(admin.token, csv);
    expect(res.statusCode).toBe(200);
    expect(res.json().usersWithErrors).toEqual([]);
    const row = sqlite().prepare('SELECT full_name FROM users WHERE email = ?').get(`zoe@${domain}`) as { full_name: string };
    expect(row.full_name).toBe('Zoë Ünïcødé');
  });

  it('honours dryRun, batch_id and createTeams=false, and accepts ";" separated files', async () => {
    const { admin, domain } = await freshOrg();
    const batch_id = crypto.randomUUID();
    const users = countUsers();
    const res = await upload(
      admin.token,
      `email;full_name;team\ns1@${domain};"Semi; Colon";Nowhere\ns2@${domain};S Two;\n`,
      `?dryRun=true&createTeams=false&batch_id=${batch_id}`,
      'text/csv; charset=utf-8',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      batch_id,
      count: 1,
      totalUserWithEmailError: 0,
      usersWithErrors: [
        { row: 2, errorType: 'UNKNOWN_TEAM', email: `s1@${domain}`, message: 'team: there is no team "Nowhere" (creating teams was turned off).' },
      ],
      created_ids: [],
      teams: [],
      divisions: [],
      promoted: [],
      seat_limit: null,
    });
    expect(countUsers()).toBe(users);
    expect((await upload(admin.token, 'email,full_name\nx@y.example,X\n', `?batch_id=${batch_id}`)).statusCode).toBe(409);
    expect((await upload(admin.token, 'email,full_name\nx@y.example,X\n', '?dryRun=maybe')).statusCode).toBe(400);
  });

  it('a malformed file is a 400 naming the line, and nothing is written', async () => {
    const { admin, domain } = await freshOrg();
    const users = countUsers();
    const batches = (sqlite().prepare('SELECT count(*) AS n FROM mass_creation_batches').get() as { n: number }).n;
    const res = await upload(admin.token, `email,full_name\nm1@${domain},Fine\nm2@${domain},"Unclosed\nm3@${domain},Three\n`);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error).toBe('BAD_USER_INPUT');
    expect(body.message).toMatch(/not valid CSV.*after line 2.*never closed/);
    expect(body.line).toBe(4);
    const quote = await upload(admin.token, `email,full_name\nm1@${domain},"Bad"quote\n`);
    expect(quote.statusCode).toBe(400);
    expect(quote.json().message).toMatch(/line 2/);
    expect(countUsers()).toBe(users);
    expect((sqlite().prepare('SELECT count(*) AS n FROM mass_creation_batches').get() as { n: number }).n).toBe(batches);
  });

  it('refuses a header without required columns, an empty file, and more than 50,000 rows', async () => {
    const { admin } = await freshOrg();
    const missing = await upload(admin.token, 'mail address,role\nx@y.example,Dev\n');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/lacks the column full_name/);
    expect(missing.json().missing).toEqual(['full_name']);
    const none = await upload(admin.token, 'role,team\n');
    expect(none.json().missing).toEqual(['email', 'full_name']);
    expect((await upload(admin.token, 'email,name,Full Name\n')).json().message).toMatch(/full_name more than once/);
    expect((await upload(admin.token, '')).statusCode).toBe(400);
    expect((await upload(admin.token, 'email,full_name\n')).json().message).toMatch(/no data rows/);
    const users = countUsers();
    const many = `email,full_name\n${Array.from({ length: 50_001 }, (_, i) => `u${i}@many.example,U`).join('\n')}\n`;
    const res = await upload(admin.token, many);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/more than 50,000 rows/);
    expect(countUsers()).toBe(users);
  });

  it('answers 413 over the size limit, 415 for other content types, 401 without token and 403 for a member', async () => {
    const { admin, member, domain } = await freshOrg();
    const memberCaller = await signedIn(t.app, member.email);
    const csv = `email,full_name\nz@${domain},Z\n`;
    const big = await upload(admin.token, Buffer.alloc(CSV_UPLOAD_MAX_BYTES + 1, 'a'));
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toBe('PAYLOAD_TOO_LARGE');
    for (const type of ['application/json', 'text/plain', 'application/octet-stream', 'multipart/form-data; boundary=x']) {
      const res = await upload(admin.token, type === 'application/json' ? JSON.stringify({ csv }) : csv, '', type);
      expect(res.statusCode, type).toBe(415);
      expect(res.json().error).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    const anon = await upload(null, csv);
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ error: 'UNAUTHENTICATED', message: 'Sign in to continue.' });
    expect((await upload('garbage', csv)).statusCode).toBe(401);
    const forbidden = await upload(memberCaller.token, csv);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error).toBe('FORBIDDEN');
    expect((sqlite().prepare('SELECT count(*) AS n FROM users WHERE email = ?').get(`z@${domain}`) as { n: number }).n).toBe(0);
  });
});

describe('header normaliser', () => {
  it('matches header names case-insensitively, tolerating spaces, underscores and dashes', () => {
    const cases: Array<[string, string | null]> = [
      ['Email', 'email'],
      ['E-mail', 'email'],
      ['Email Address', 'email'],
      [' EMAIL_ADDRESS ', 'email'],
      ['Full Name', 'full_name'],
      ['full_name', 'full_name'],
      ['FULL-NAME', 'full_name'],
      ['Name', 'full_name'],
      ['fullname', 'full_name'],
      ['Manager', 'manager_email'],
      ['manager email', 'manager_email'],
      ['Team Name', 'team'],
      ['Permission', 'permission_level'],
      ['Job Title', 'role'],
      ['Time Zone', 'time_zone'],
      ['timezone', 'time_zone'],
      ['\uFEFFemail', 'email'],
      ['Favourite colour', null],
      ['__proto__', null],
      ['constructor', null],
    ];
    for (const [header, column] of cases) expect(normalizeCsvHeader(header), header).toBe(column);
  });
});
