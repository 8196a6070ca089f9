/** Admins: goal reminder settings, CSV import and export (built by the goals admin part; stub until then). Renders nothing for others. */
export function GoalsAdminMenu() {
  return null;
}
