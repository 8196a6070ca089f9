export const USER_STATUSES = ['ACTIVE', 'INVITED', 'DEACTIVATED'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const PERMISSION_LEVELS = ['ADMIN', 'MANAGER', 'MEMBER'] as const;
export type PermissionLevel = (typeof PERMISSION_LEVELS)[number];
/** How a permission level is shown to people, everywhere. */
export const PERMISSION_LEVEL_LABEL: Record<PermissionLevel, string> = { ADMIN: 'Admin', MANAGER: 'Manager', MEMBER: 'Member' };

export const WIDGET_TYPES = [
  'PENDING_REVIEWS',
  'MY_GOALS',
  'TEAM_GOALS',
  'FEEDBACK_RECEIVED',
  'FEEDBACK_REQUESTS',
  'UPCOMING_RETROS',
  'RETRO_ACTION_ITEMS',
  'TEAM_INSIGHTS',
  'INDIVIDUAL_INSIGHTS',
  'NOTES',
] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];

export const DEFAULT_WIDGETS: readonly WidgetType[] = ['PENDING_REVIEWS', 'MY_GOALS', 'FEEDBACK_RECEIVED', 'UPCOMING_RETROS'];

export const MASS_CREATE_ERROR_TYPES = [
  'INVALID_EMAIL',
  'BLOCKED_EMAIL_DOMAIN',
  'DUPLICATE_IN_FILE',
  'ALREADY_EXISTS',
  'INVALID_ROW',
  'UNKNOWN_TEAM',
  'UNKNOWN_MANAGER',
] as const;
export type MassCreateErrorType = (typeof MASS_CREATE_ERROR_TYPES)[number];

export const ONBOARDING_PHASES = ['INVITE_PEOPLE', 'SET_UP_TEAMS', 'CONNECT_INTEGRATIONS', 'FIRST_REVIEW', 'DONE'] as const;
export type OnboardingPhase = (typeof ONBOARDING_PHASES)[number];
