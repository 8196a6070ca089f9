/**
 * HR exports as they come, through the real CSV route (docs/decisions/0061): one file per class of
 * header (decorated English, German, French, Spanish, Dutch) and per way spreadsheets write a file
 * (semicolons with a UTF-8 mark, Windows-1252, UTF-16 with its mark); each is imported without
 * any mapping, and what lands in the database is what the file says.
 */
import { describe, expect, it } from 'vitest';
import type { MassCreateResult } from './mass-creation.service.js';
import { useMassCreationApp } from './mass-creation.test-support.js';

const t = useMassCreationApp();
const { freshOrg, sqlite, batchUsers, upload } = t;

type Person = { email: string; full_name: string; team: string | null; manager: string | null };

/** The people an import created, with their team's name and their manager's email. */
function imported(batchId: string): Person[] {
  const teamName = (id: unknown) => (id ? (sqlite().prepare('SELECT name FROM teams WHERE id = ?').pluck().get(id) as string) : null);
  const emailOf = (id: unknown) => (id ? (sqlite().prepare('SELECT email FROM users WHERE id = ?').pluck().get(id) as string) : null);
  return batchUsers(batchId).map((u) => ({
    email: u.email as string,
    full_name: u.full_name as string,
    team: teamName(u.team_id),
    manager: emailOf(u.manager_id),
  }));
}

async function importFile(token: string, body: string | Buffer): Promise<MassCreateResult> {
  const res = await upload(token, body);
  expect(res.statusCode, res.body).toBe(200);
  const result = res.json() as MassCreateResult;
  expect(result.usersWithErrors).toEqual([]);
  return result;
}

const utf16le = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);

describe('HR exports imported without mapping', () => {
  it('a German export: semicolons, a UTF-8 mark, Vorname/Nachname/E-Mail/Abteilung/Vorgesetzter', async () => {
    const { admin, domain } = await freshOrg();
    const csv = [
      '\uFEFFPersonalnummer;Vorname;Nachname;E-Mail;Abteilung;Vorgesetzter',
      `1;Jürgen;Müller;juergen@${domain};Plattform;`,
      `2;Anja;Groß;anja@${domain};Plattform;juergen@${domain}`,
    ].join('\r\n');
    const done = await importFile(admin.token, csv);
    expect(imported(done.batch_id)).toEqual([
      { email: `anja@${domain}`, full_name: 'Anja Groß', team: 'Plattform', manager: `juergen@${domain}` },
      { email: `juergen@${domain}`, full_name: 'Jürgen Müller', team: 'Plattform', manager: null },
    ]);
  });

  it('a French export saved as plain "CSV" by Excel (Windows-1252): Prénom/Nom/Courriel/Service/Responsable', async () => {
    const { admin, domain } = await freshOrg();
    const text = [
      'Prénom;Nom;Courriel;Email personnel;Service;Responsable',
      `Hélène;Dupré;helene@${domain};helene@gmail.com;Qualité;`,
      `Loïc;Bérard;loic@${domain};loic@gmail.com;Qualité;helene@${domain}`,
    ].join('\r\n');
    const done = await importFile(admin.token, Buffer.from(text, 'latin1'));
    expect(imported(done.batch_id)).toEqual([
      { email: `helene@${domain}`, full_name: 'Hélène Dupré', team: 'Qualité', manager: null },
      { email: `loic@${domain}`, full_name: 'Loïc Bérard', team: 'Qualité', manager: `helene@${domain}` },
    ]);
  });

  it('a Spanish export saved as "Unicode text" (UTF-16 with its mark, tabs): Nombre/Apellidos/Correo electrónico/Departamento', async () => {
    const { admin, domain } = await freshOrg();
    const text = [
      'Nombre\tApellidos\tCorreo electrónico\tDepartamento\tCorreo electrónico del jefe',
      `Íñigo\tNúñez Peña\tinigo@${domain}\tFinanzas\t`,
      `Lucía\tMartín\tlucia@${domain}\tFinanzas\tinigo@${domain}`,
    ].join('\r\n');
    const done = await importFile(admin.token, utf16le(text));
    expect(imported(done.batch_id)).toEqual([
      { email: `inigo@${domain}`, full_name: 'Íñigo Núñez Peña', team: 'Finanzas', manager: null },
      { email: `lucia@${domain}`, full_name: 'Lucía Martín', team: 'Finanzas', manager: `inigo@${domain}` },
    ]);
  });

  it('a Dutch export in lower case: voornaam/achternaam/e-mailadres werk/afdeling/leidinggevende', async () => {
    const { admin, domain } = await freshOrg();
    const csv = [
      'voornaam,achternaam,e-mailadres werk,e-mailadres privé,afdeling,leidinggevende',
      `Sanne,de Vries,sanne@${domain},sanne@gmail.com,Verkoop,`,
      `Daan,Bakker,daan@${domain},daan@gmail.com,Verkoop,sanne@${domain}`,
    ].join('\n');
    const done = await importFile(admin.token, csv);
    expect(imported(done.batch_id)).toEqual([
      { email: `daan@${domain}`, full_name: 'Daan Bakker', team: 'Verkoop', manager: `sanne@${domain}` },
      { email: `sanne@${domain}`, full_name: 'Sanne de Vries', team: 'Verkoop', manager: null },
    ]);
  });

  it('decorated English headers: bracketed notes, "Legal Name -" prefixes, Primary/Work qualifiers; private addresses ignored', async () => {
    const { admin, domain } = await freshOrg();
    const csv = [
      'First Name [Required],Legal Name - Last Name,Home Email,Primary Work Email,Employee Department,Manager Work Email',
      `Ada,Byron,ada@gmail.com,ada@${domain},Research,`,
      `Alan,Turing,alan@gmail.com,alan@${domain},Research,ada@${domain}`,
    ].join('\n');
    const done = await importFile(admin.token, csv);
    expect(imported(done.batch_id)).toEqual([
      { email: `ada@${domain}`, full_name: 'Ada Byron', team: 'Research', manager: null },
      { email: `alan@${domain}`, full_name: 'Alan Turing', team: 'Research', manager: `ada@${domain}` },
    ]);
  });

  it('a header still unknown is refused with the column it most likely is, and nothing is written', async () => {
    const { admin, domain } = await freshOrg();
    const res = await upload(admin.token, `Emial,Name\nx@${domain},X Y\n`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ missing: ['email'], suggestions: [{ header: 'Emial', field: 'email' }] });
    expect(res.json().message).toContain('The column "Emial" may be email');
    expect(sqlite().prepare('SELECT count(*) FROM users WHERE email = ?').pluck().get(`x@${domain}`)).toBe(0);
  });
});
