/**
 * The audit log (docs/decisions/0042): security-relevant events, append-only. This is the
 * closed list of actions with their plain words, shared by the server (GraphQL enum, CSV
 * export) and the admin screen (/admin/settings/audit).
 */
export const AUDIT_ACTIONS = [
  'SIGN_IN_SUCCEEDED',
  'SIGN_IN_FAILED',
  'PASSWORD_RESET_REQUESTED',
  'PASSWORD_RESET_USED',
  'SESSIONS_REVOKED',
  'PERMISSION_LEVEL_CHANGED',
  'STATUS_CHANGED',
  'USER_REMOVED',
  'USER_ADDED',
  'USERS_MASS_CREATED',
  'MASS_CREATION_ROLLED_BACK',
  'PEOPLE_EXPORTED',
  'REVIEW_RESULTS_EXPORTED',
  'GOALS_EXPORTED',
  'OUTBOX_LINK_VIEWED',
  'INTEGRATION_SECRET_CHANGED',
  'FEATURE_AREA_SWITCHED',
  'AUDIT_RETENTION_CHANGED',
  'AUDIT_EXPORTED',
  'BILLING_PLAN_CHANGED',
  'BILLING_SEAT_LIMIT_CHANGED',
  'BILLING_STATUS_CHANGED',
  'ASSISTANT_MODEL_CALLED',
  'ASSISTANT_SETTINGS_CHANGED',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABEL: Record<AuditAction, string> = {
  SIGN_IN_SUCCEEDED: 'Signed in',
  SIGN_IN_FAILED: 'Sign-in failed',
  PASSWORD_RESET_REQUESTED: 'Password reset asked',
  PASSWORD_RESET_USED: 'Password reset used',
  SESSIONS_REVOKED: 'Sessions ended',
  PERMISSION_LEVEL_CHANGED: 'Permission level changed',
  STATUS_CHANGED: 'Status changed',
  USER_REMOVED: 'Person removed',
  USER_ADDED: 'Person added',
  USERS_MASS_CREATED: 'People created in bulk',
  MASS_CREATION_ROLLED_BACK: 'Bulk creation rolled back',
  PEOPLE_EXPORTED: 'People exported (CSV)',
  REVIEW_RESULTS_EXPORTED: 'Review results exported (CSV)',
  GOALS_EXPORTED: 'Goals exported (CSV)',
  OUTBOX_LINK_VIEWED: 'Email link viewed by an admin',
  INTEGRATION_SECRET_CHANGED: 'Integration secret changed',
  FEATURE_AREA_SWITCHED: 'Feature area switched',
  AUDIT_RETENTION_CHANGED: 'Audit retention changed',
  AUDIT_EXPORTED: 'Audit log exported (CSV)',
  BILLING_PLAN_CHANGED: 'Billing plan changed',
  BILLING_SEAT_LIMIT_CHANGED: 'Seat limit changed',
  BILLING_STATUS_CHANGED: 'Billing status changed',
  ASSISTANT_MODEL_CALLED: 'Sources sent to the assistant’s model',
  ASSISTANT_SETTINGS_CHANGED: 'Assistant settings changed',
};

/** What `details` may hold: short facts, never a secret, password, token or webhook URL. */
export type AuditDetails = Record<string, string | number | boolean | null>;

const word = (v: unknown) => String(v).toLowerCase().replace(/_/g, ' ');
/** A status (PAST_DUE) in words; plan names and numbers as they are; nothing as "none". */
const billingWord = (v: unknown) => (v === null || v === undefined || v === '' ? 'none' : typeof v === 'string' && /^[A-Z_]+$/.test(v) ? word(v) : String(v));
const plural = (n: unknown, one: string, many: string) => `${String(n)} ${n === 1 ? one : many}`;

/** The details of one event in a few plain words (the screen's "Details" column and the CSV's). */
export function describeAuditDetails(action: AuditAction, details: AuditDetails | null): string {
  const d = details ?? {};
  switch (action) {
    case 'SIGN_IN_FAILED':
      return d.reason === 'not_active' ? 'The account is not active' : 'Wrong password';
    case 'SESSIONS_REVOKED':
      return d.scope === 'everywhere' ? `Signed out everywhere (${plural(d.count, 'session', 'sessions')})` : 'Signed out';
    case 'PERMISSION_LEVEL_CHANGED':
    case 'STATUS_CHANGED':
      return `From ${word(d.from)} to ${word(d.to)}`;
    case 'USERS_MASS_CREATED':
      return `${plural(d.created, 'person', 'people')} created`;
    case 'MASS_CREATION_ROLLED_BACK':
      return `${plural(d.removed, 'person', 'people')} removed`;
    case 'PEOPLE_EXPORTED':
      return d.include_deleted ? 'Including removed people' : 'Current people';
    case 'REVIEW_RESULTS_EXPORTED':
      return d.cycle_name ? `Cycle “${String(d.cycle_name)}”` : '';
    case 'OUTBOX_LINK_VIEWED':
      return `${String(d.subject ?? 'Mail')}${d.link_kind ? ` (${word(d.link_kind)} link)` : ''}`;
    case 'INTEGRATION_SECRET_CHANGED':
      return `${String(d.integration ?? 'Integration')} ${String(d.secret ?? 'webhook')} ${String(d.change ?? 'changed')}`;
    case 'FEATURE_AREA_SWITCHED':
      return `${String(d.area_label ?? d.area)} switched ${d.enabled ? 'on' : 'off'}`;
    case 'AUDIT_RETENTION_CHANGED':
      return `From ${String(d.from)} to ${String(d.to)} days`;
    case 'GOALS_EXPORTED':
      // Earlier exports recorded no details.
      return typeof d.goals === 'number'
        ? `${plural(d.goals, 'goal', 'goals')}${d.left_out ? `; ${plural(d.left_out, 'goal', 'goals')} they may not read left out` : ''}`
        : '';
    case 'AUDIT_EXPORTED':
      return d.filters ? `Filters: ${String(d.filters)}` : 'No filters';
    case 'BILLING_PLAN_CHANGED':
    case 'BILLING_SEAT_LIMIT_CHANGED':
    case 'BILLING_STATUS_CHANGED':
      // Billing changes (docs/decisions/0068): the organization they concern, from what to what, and why.
      return `${d.organization ? `${String(d.organization)}: ` : ''}from ${billingWord(d.from)} to ${billingWord(d.to)}${d.reason ? ` (${String(d.reason)})` : ''}`;
    case 'ASSISTANT_MODEL_CALLED':
      return `${plural(d.count, 'passage', 'passages')} (${String(d.kinds ?? '')}) sent to ${String(d.host ?? 'the endpoint')}: ${String(d.sources ?? '')}`;
    case 'ASSISTANT_SETTINGS_CHANGED':
      return [
        d.sources !== undefined ? `Sources: ${String(d.sources) || 'none'}` : '',
        d.endpoint !== undefined ? `Endpoint: ${String(d.endpoint ?? 'none')}` : '',
        d.key ? `Key ${String(d.key)}` : '',
        d.retention_days !== undefined ? `Kept ${String(d.retention_days)} days` : '',
      ]
        .filter(Boolean)
        .join('; ');
    default:
      return '';
  }
}

export const AUDIT_RETENTION_DEFAULT_DAYS = 365;
export const AUDIT_RETENTION_MIN_DAYS = 30;
export const AUDIT_RETENTION_MAX_DAYS = 3650;
/** Events per page on the screen and in GraphQL (at most). */
export const AUDIT_PAGE_MAX = 200;
/** Rows in one CSV export at most (newest first). */
export const AUDIT_EXPORT_MAX = 50_000;

/** One event as the audit screen and the API show it (names resolved, details summarized). */
export type AuditEvent = {
  id: string;
  at: string;
  action: AuditAction;
  action_label: string;
  actor_id: string | null;
  actor_name: string | null;
  actor_label: string | null;
  subject_id: string | null;
  subject_name: string | null;
  subject_label: string | null;
  ip: string | null;
  summary: string;
};
