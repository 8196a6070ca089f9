import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { codeOf, createTestApp, seedOrg, signedIn } from '../../test/helpers.js';
import { findUserById } from '../users/users.repo.js';
import { createBusinessUnit, createDepartment, createSubdepartment, listBusinessUnits, listDepartments, listSubdepartments } from './org.repo.js';
import { countStatements } from '../../test/statements.js';

let app: FastifyInstance;
let a: Awaited<ReturnType<typeof seedOrg>>;
let b: Awaited<ReturnType<typeof seedOrg>>;
let adminA: Awaited<ReturnType<typeof signedIn>>;
let adminB: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  app = await createTestApp();
  a = await seedOrg(app, 'Acme');
  b = await seedOrg(app, 'Globex');
  adminA = await signedIn(app, a.admin.email);
  adminB = await signedIn(app, b.admin.email);
});
afterAll(async () => {
  await app.close();
});

type Caller = Awaited<ReturnType<typeof signedIn>>;
const createUnit = (c: Caller, name: string) => c.gql('mutation($n: String!) { createBusinessUnit(unit_name: $n) { id unit_name } }', { n: name });
const createDept = (c: Caller, unit: string, name: string) =>
  c.gql('mutation($u: ID!, $n: String!) { createDepartment(business_unit_id: $u, name: $n) { id name business_unit { unit_name } } }', { u: unit, n: name });
const createSub = (c: Caller, dept: string, title: string) =>
  c.gql('mutation($d: ID!, $t: String!) { createSubdepartment(department_id: $d, title: $t) { id title department { name } } }', { d: dept, t: title });
const TREE =
  '{ businessUnits { unit_name headcount departments { name headcount subdepartments { title headcount } } } structureHeadcount { people without_subdepartment } }';

describe('company structure', () => {
  it('an admin builds a tree, people count per node, and renames at every level', async () => {
    const unit = (await createUnit(adminA, ' Engineering ')).data!.createBusinessUnit;
    expect(unit.unit_name).toBe('Engineering');
    const dept = (await createDept(adminA, unit.id, 'Platform')).data!.createDepartment;
    expect(dept.business_unit).toEqual({ unit_name: 'Engineering' });
    const sub = (await createSub(adminA, dept.id, 'Databases')).data!.createSubdepartment;
    expect(sub.department).toEqual({ name: 'Platform' });
    await createSub(adminA, dept.id, 'Networking');
    for (const id of [a.member.id, a.report.id])
      await adminA.gql('mutation($id: ID!, $s: ID) { updateOneUser(id: $id, input: { subdepartment_id: $s }) { id } }', { id, s: sub.id });

    const member = await signedIn(app, a.member.email);
    const tree = await member.gql(TREE);
    expect(tree.data).toEqual({
      businessUnits: [
        {
          unit_name: 'Engineering',
          headcount: 2,
          departments: [
            {
              name: 'Platform',
              headcount: 2,
              subdepartments: [
                { title: 'Databases', headcount: 2 },
                { title: 'Networking', headcount: 0 },
              ],
            },
          ],
        },
      ],
      structureHeadcount: { people: 4, without_subdepartment: 2 },
    });

    expect((await adminA.gql('mutation($id: ID!) { renameBusinessUnit(id: $id, unit_name: "R&D") { unit_name } }', { id: unit.id })).data).toEqual({
      renameBusinessUnit: { unit_name: 'R&D' },
    });
    expect((await adminA.gql('mutation($id: ID!) { renameDepartment(id: $id, name: "Core platform") { name } }', { id: dept.id })).data).toEqual({
      renameDepartment: { name: 'Core platform' },
    });
    expect((await adminA.gql('mutation($id: ID!) { renameSubdepartment(id: $id, title: "Storage") { title } }', { id: sub.id })).data).toEqual({
      renameSubdepartment: { title: 'Storage' },
    });
    const profile = await member.gql('{ findOneUser { subdepartment { title department { name business_unit { unit_name } } } } }');
    expect(profile.data!.findOneUser.subdepartment).toEqual({ title: 'Storage', department: { name: 'Core platform', business_unit: { unit_name: 'R&D' } } });
  });

  it('refuses to delete a node that still has children or people, with the reason; empty nodes go', async () => {
    const unit = (await createUnit(adminA, 'Sales')).data!.createBusinessUnit;
    const dept = (await createDept(adminA, unit.id, 'EMEA')).data!.createDepartment;
    const sub = (await createSub(adminA, dept.id, 'DACH')).data!.createSubdepartment;
    await adminA.gql('mutation($id: ID!, $s: ID) { updateOneUser(id: $id, input: { subdepartment_id: $s }) { id } }', { id: a.manager.id, s: sub.id });

    const delUnit = await adminA.gql('mutation($id: ID!) { deleteBusinessUnit(id: $id) }', { id: unit.id });
    expect(codeOf(delUnit)).toBe('CONFLICT');
    expect(delUnit.errors![0]!.message).toBe('"Sales" still has 1 department. Delete them first.');
    const delDept = await adminA.gql('mutation($id: ID!) { deleteDepartment(id: $id) }', { id: dept.id });
    expect(delDept.errors![0]!.message).toBe('"EMEA" still has 1 sub-department. Delete them first.');
    const delSub = await adminA.gql('mutation($id: ID!) { deleteSubdepartment(id: $id) }', { id: sub.id });
    expect(codeOf(delSub)).toBe('CONFLICT');
    expect(delSub.errors![0]!.message).toBe('"DACH" still has 1 person. Move them to another sub-department first.');

    await adminA.gql('mutation($id: ID!) { updateOneUser(id: $id, input: { subdepartment_id: null }) { id } }', { id: a.manager.id });
    expect((await adminA.gql('mutation($id: ID!) { deleteSubdepartment(id: $id) }', { id: sub.id })).data).toEqual({ deleteSubdepartment: sub.id });
    expect((await adminA.gql('mutation($id: ID!) { deleteDepartment(id: $id) }', { id: dept.id })).data).toEqual({ deleteDepartment: dept.id });
    expect((await adminA.gql('mutation($id: ID!) { deleteBusinessUnit(id: $id) }', { id: unit.id })).data).toEqual({ deleteBusinessUnit: unit.id });
    expect(listBusinessUnits(app.services.db, a.org.id).map((u) => u.unit_name)).toEqual(['R&D']);
    expect(codeOf(await adminA.gql('mutation($id: ID!) { deleteBusinessUnit(id: $id) }', { id: unit.id }))).toBe('NOT_FOUND');
  });

  it('names are unique per level and parent, in any case; bad names are BAD_USER_INPUT', async () => {
    const dupUnit = await createUnit(adminA, 'r&d');
    expect(codeOf(dupUnit)).toBe('CONFLICT');
    expect(dupUnit.errors![0]!.message).toBe('A business unit named "r&d" already exists.');
    const unit = listBusinessUnits(app.services.db, a.org.id)[0]!;
    const dept = listDepartments(app.services.db, a.org.id)[0]!;
    expect(codeOf(await createDept(adminA, unit.id, 'CORE PLATFORM'))).toBe('CONFLICT');
    expect(codeOf(await createSub(adminA, dept.id, 'storage'))).toBe('CONFLICT');
    const second = (await createSub(adminA, dept.id, 'Caching')).data!.createSubdepartment;
    expect(codeOf(await adminA.gql('mutation($id: ID!) { renameSubdepartment(id: $id, title: "Networking") { id } }', { id: second.id }))).toBe('CONFLICT');
    // The same name under another parent is fine.
    const other = (await createUnit(adminA, 'Operations')).data!.createBusinessUnit;
    expect((await createDept(adminA, other.id, 'Core platform')).errors).toBeUndefined();

    const blank = await createUnit(adminA, '  ');
    expect(codeOf(blank)).toBe('BAD_USER_INPUT');
    expect(blank.errors![0]!.extensions!.fields).toEqual({ unit_name: 'Enter a name.' });
    const long = await adminA.gql('mutation($id: ID!, $n: String!) { renameDepartment(id: $id, name: $n) { id } }', { id: dept.id, n: 'x'.repeat(81) });
    expect(long.errors![0]!.extensions!.fields).toEqual({ name: 'At most 80 characters.' });
    expect(codeOf(await createDept(adminA, 'no-such-unit', 'Ghost'))).toBe('NOT_FOUND');
  });

  it('managers and members may not change the structure', async () => {
    const unit = listBusinessUnits(app.services.db, a.org.id)[0]!;
    const sub = listSubdepartments(app.services.db, a.org.id)[0]!;
    for (const email of [a.manager.email, a.member.email]) {
      const caller = await signedIn(app, email);
      expect(codeOf(await createUnit(caller, 'Mine'))).toBe('FORBIDDEN');
      expect(codeOf(await createDept(caller, unit.id, 'Mine'))).toBe('FORBIDDEN');
      expect(codeOf(await caller.gql('mutation($id: ID!) { renameBusinessUnit(id: $id, unit_name: "Mine") { id } }', { id: unit.id }))).toBe('FORBIDDEN');
      expect(codeOf(await caller.gql('mutation($id: ID!) { deleteSubdepartment(id: $id) }', { id: sub.id }))).toBe('FORBIDDEN');
    }
    expect(listBusinessUnits(app.services.db, a.org.id).map((u) => u.unit_name)).toEqual(['Operations', 'R&D']);
  });

  it('reads the tree with headcounts in a constant number of SQL statements, whatever its size', async () => {
    const o = await seedOrg(app, 'Treey');
    const admin = await signedIn(app, o.admin.email);
    const count = async (name: string) => {
      await admin.gql('{ findOneUser { id } }'); // the session lookup, remembered until users or sessions change
      return countStatements(app, async () => {
        const res = await admin.gql(`query ${name} ${TREE}`);
        expect(res.errors).toBeUndefined();
      });
    };
    const unit = createBusinessUnit(app.services.db, o.org.id, 'One');
    createSubdepartment(app.services.db, o.org.id, createDepartment(app.services.db, o.org.id, unit.id, 'Dept').id, 'Sub');
    const small = await count('SmallTree');
    for (let u = 0; u < 5; u++) {
      const bu = createBusinessUnit(app.services.db, o.org.id, `Unit ${u}`);
      for (let d = 0; d < 4; d++) {
        const dept = createDepartment(app.services.db, o.org.id, bu.id, `Dept ${d}`);
        for (let s = 0; s < 3; s++) createSubdepartment(app.services.db, o.org.id, dept.id, `Sub ${s}`);
      }
    }
    const large = await count('LargeTree');
    expect(large).toBe(small);
  });

  it('another organization can neither see nor change any of it', async () => {
    const unit = listBusinessUnits(app.services.db, a.org.id)[0]!;
    const dept = listDepartments(app.services.db, a.org.id)[0]!;
    const sub = listSubdepartments(app.services.db, a.org.id)[0]!;
    const seen = await adminB.gql(TREE);
    expect(seen.data).toEqual({ businessUnits: [], structureHeadcount: { people: 4, without_subdepartment: 4 } });
    const attempts: Array<[string, Record<string, unknown>]> = [
      ['mutation($id: ID!) { renameBusinessUnit(id: $id, unit_name: "Hacked") { id } }', { id: unit.id }],
      ['mutation($id: ID!) { renameDepartment(id: $id, name: "Hacked") { id } }', { id: dept.id }],
      ['mutation($id: ID!) { renameSubdepartment(id: $id, title: "Hacked") { id } }', { id: sub.id }],
      ['mutation($id: ID!) { deleteSubdepartment(id: $id) }', { id: sub.id }],
      ['mutation($id: ID!) { deleteDepartment(id: $id) }', { id: dept.id }],
      ['mutation($id: ID!) { deleteBusinessUnit(id: $id) }', { id: unit.id }],
      ['mutation($id: ID!) { createDepartment(business_unit_id: $id, name: "Spies") { id } }', { id: unit.id }],
      ['mutation($id: ID!) { createSubdepartment(department_id: $id, title: "Spies") { id } }', { id: dept.id }],
    ];
    for (const [query, vars] of attempts) expect(codeOf(await adminB.gql(query, vars)), query).toBe('NOT_FOUND');
    // B cannot put its people into A's sub-department either.
    expect(
      codeOf(await adminB.gql('mutation($id: ID!, $s: ID) { updateOneUser(id: $id, input: { subdepartment_id: $s }) { id } }', { id: b.member.id, s: sub.id })),
    ).toBe('BAD_USER_INPUT');
    expect(findUserById(app.services.db, b.org.id, b.member.id)?.subdepartment_id).toBeNull();
    expect(listSubdepartments(app.services.db, a.org.id).map((s) => s.title)).toEqual(['Caching', 'Networking', 'Storage']);
    expect(listDepartments(app.services.db, a.org.id).every((d) => d.name !== 'Hacked')).toBe(true);
    expect(listSubdepartments(app.services.db, b.org.id)).toEqual([]);
  });
});
