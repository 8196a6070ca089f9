import { z } from 'zod';

/** Team rules, one source for the admin forms and the resolvers. */
export const TEAM_NAME_MAX = 80;
export const TEAM_STATUSES = ['ACTIVE', 'ARCHIVED'] as const;
export type TeamStatus = (typeof TEAM_STATUSES)[number];
/** At most this many people in one add/remove/set call. */
export const TEAM_MEMBERS_MAX = 2_000;

const id = z.string().trim().min(1).max(64);
/** A picked person: '' (a form's "nobody") or null clears it. */
const optionalPersonId = z
  .string()
  .trim()
  .max(64)
  .transform((v) => (v === '' ? null : v))
  .nullish();

export const teamNameSchema = z.string().trim().min(1, 'Enter a team name.').max(TEAM_NAME_MAX, `At most ${TEAM_NAME_MAX} characters.`);

export const createTeamSchema = z.object({
  name: teamNameSchema,
  manager_id: optionalPersonId,
  team_lead_id: optionalPersonId,
  member_ids: z.array(id).max(TEAM_MEMBERS_MAX, `At most ${TEAM_MEMBERS_MAX} people at once.`).optional(),
});

export const updateTeamSchema = z.object({
  name: teamNameSchema.optional(),
  manager_id: optionalPersonId,
  team_lead_id: optionalPersonId,
  status: z.enum(TEAM_STATUSES, 'Status is ACTIVE or ARCHIVED.').optional(),
});

/** The people of one membership change (duplicates dropped). */
export const teamMemberIdsSchema = z
  .array(id)
  .max(TEAM_MEMBERS_MAX, `At most ${TEAM_MEMBERS_MAX} people at once.`)
  .transform((ids) => [...new Set(ids)]);
