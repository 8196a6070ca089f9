import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { codeOf, createTestApp, outboxMails, seedOrg, signedIn } from '../../test/helpers.js';
import { createBusinessUnit, createDepartment, createSubdepartment } from './org.repo.js';
import { updateUser } from '../users/users.repo.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('organization', () => {
  it('admins change name, onboarding and email domain rules; others may not', async () => {
    const o = await seedOrg(app, 'Orgy');
    const admin = await signedIn(app, o.admin.email);
    const member = await signedIn(app, o.member.email);
    const res = await admin.gql(`mutation { updateOrganization(input: { name: " Orgy Inc ", is_onboarding_phase_skipped: true, onboarding_phase: "SET_UP_TEAMS",
      allowed_email_domains: ["@Gmail.com", "gmail.com"], blocked_email_domains: ["*.contractors.example"] }) {
      name is_onboarding_phase_skipped onboarding_phase allowed_email_domains blocked_email_domains } }`);
    expect(res.data!.updateOrganization).toEqual({
      name: 'Orgy Inc',
      is_onboarding_phase_skipped: true,
      onboarding_phase: 'SET_UP_TEAMS',
      allowed_email_domains: ['gmail.com'],
      blocked_email_domains: ['contractors.example'],
    });
    expect(codeOf(await member.gql('mutation { updateOrganization(input: { name: "Mine" }) { name } }'))).toBe('FORBIDDEN');
    expect((await member.gql('{ organization { name allowed_email_domains } }')).data!.organization).toEqual({ name: 'Orgy Inc', allowed_email_domains: [] });
    expect(codeOf(await admin.gql('mutation { updateOrganization(input: { allowed_email_domains: ["not a domain"] }) { name } }'))).toBe('BAD_USER_INPUT');
    expect(codeOf(await admin.gql('mutation { updateOrganization(input: { onboarding_phase: "NOPE" }) { name } }'))).toBe('BAD_USER_INPUT');

    // The rules apply to the email check: gmail.com is now allowed, the blocked domain is refused.
    // (An accepted address is confirmed by the link mailed to it, decision 0057: the old one stays until then.)
    const allowed = await admin.gql('mutation($id: ID!) { updateUserByAdmin(id: $id, input: { email: "member.orgy@gmail.com" }) { email } }', {
      id: o.member.id,
    });
    expect(allowed).toMatchObject({ data: { updateUserByAdmin: { email: o.member.email } } });
    expect(allowed.errors).toBeUndefined();
    expect(outboxMails(app, 'member.orgy@gmail.com').map((m) => m.subject)).toEqual(['Confirm your new Teamlens email']);
    expect(
      codeOf(await admin.gql('mutation($id: ID!) { updateUserByAdmin(id: $id, input: { email: "x@eu.contractors.example" }) { email } }', { id: o.member.id })),
    ).toBe('BAD_USER_INPUT');
  });

  it('refuses a blocked domain that an allowed domain covers (it would never be blocked) with CONFLICT', async () => {
    const o = await seedOrg(app, 'Clashy');
    const admin = await signedIn(app, o.admin.email);
    const set = (input: string) => admin.gql(`mutation { updateOrganization(input: { ${input} }) { allowed_email_domains blocked_email_domains } }`);
    expect((await set('allowed_email_domains: ["partner.example"]')).errors).toBeUndefined();
    const same = await set('blocked_email_domains: ["Partner.example"]');
    expect(codeOf(same)).toBe('CONFLICT');
    expect(same.errors![0]!.message).toBe('partner.example is in both lists: remove it from the allowed or the blocked domains.');
    expect(codeOf(await set('blocked_email_domains: ["eu.partner.example"]'))).toBe('CONFLICT');
    // The other way round is a useful rule: block a domain except one of its subdomains.
    expect((await set('allowed_email_domains: ["eu.other.example"], blocked_email_domains: ["other.example"]')).data!.updateOrganization).toEqual({
      allowed_email_domains: ['eu.other.example'],
      blocked_email_domains: ['other.example'],
    });
  });

  it('lists the company structure, and resolves it from a user', async () => {
    const o = await seedOrg(app, 'Structy');
    const db = app.services.db;
    const bu = createBusinessUnit(db, o.org.id, 'Engineering');
    const dept = createDepartment(db, o.org.id, bu.id, 'Platform');
    const sub = createSubdepartment(db, o.org.id, dept.id, 'Databases');
    updateUser(db, o.org.id, o.member.id, { subdepartment_id: sub.id });
    const member = await signedIn(app, o.member.email);
    const res = await member.gql(
      '{ businessUnits { unit_name } departments { name business_unit { unit_name } } subdepartments { title department { name } } findOneUser { subdepartment { title department { name business_unit { unit_name } } } } }',
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.findOneUser.subdepartment).toEqual({ title: 'Databases', department: { name: 'Platform', business_unit: { unit_name: 'Engineering' } } });
    expect(res.data!.departments).toEqual([{ name: 'Platform', business_unit: { unit_name: 'Engineering' } }]);
  });
});
