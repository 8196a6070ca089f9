import { passwordResetLink } from '../features/auth/account-mail.js';
import { recordAudit } from '../features/audit/audit.repo.js';
import { findEmailOrganizations, findUserByEmail } from '../features/users/users.repo.js';
import { fail, withDatabase } from '../lib/command.js';

const USAGE = 'Usage: teamlens reset-link <email>   (from a checkout: npm run reset-link -- <email>)';

/**
 * `teamlens reset-link <email>` (`npm run reset-link -- <email>`): prints a new one-hour password reset link for an active person,
 * for whoever runs the server (shell access to DATA_DIR). Without SMTP this is how an admin who
 * forgot their password gets back in: the outbox withholds admins' links from co-admins and the
 * log never holds a link (docs/decisions/0044, 0045). The link is audited like any reset asked.
 */
export function resetLinkCommand(argv: string[]): number {
  const email = argv
    .find((a) => !a.startsWith('-'))
    ?.trim()
    .toLowerCase();
  if (!email || argv.length !== 1) return fail(USAGE);
  return withDatabase((db, config) => {
    const orgId = findEmailOrganizations(db, [email]).get(email);
    const user = orgId ? findUserByEmail(db, orgId, email) : undefined;
    if (!user || user.deleted_at) return fail(`Nobody signs in as ${email} here.`);
    if (user.status !== 'ACTIVE') {
      return fail(
        user.status === 'INVITED'
          ? `${email} has not joined yet: send their invitation again from Admin, Users (the outbox shows its link).`
          : `${email} is deactivated: an admin reactivates them first.`,
      );
    }
    const url = passwordResetLink({ db, config }, user);
    recordAudit(db, {
      organizationId: user.organization_id,
      action: 'PASSWORD_RESET_REQUESTED',
      actorLabel: 'teamlens reset-link (on the server)',
      subjectUserId: user.id,
      subjectLabel: user.email,
      details: { sent: 'printed_on_server' },
    });
    console.log(`Password reset link for ${user.full_name} <${user.email}>, valid for one hour and once:`);
    console.log(url);
    console.log('Earlier reset links of this person no longer work.');
    return 0;
  });
}
