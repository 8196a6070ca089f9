/**
 * What the demo registry names (docs/decisions/0036), in words for the confirmation and the command:
 * table name -> [one, many]. A table not listed here shows as "rows of <table>".
 */
export const DEMO_TABLE_LABELS: Record<string, readonly [string, string]> = {
  users: ['person', 'people'],
  teams: ['team', 'teams'],
  business_units: ['business unit', 'business units'],
  departments: ['department', 'departments'],
  subdepartments: ['sub-department', 'sub-departments'],
  review_cycles: ['review cycle', 'review cycles'],
  review_sprints: ['sprint', 'sprints'],
  review_automation_rules: ['review automation rule', 'review automation rules'],
  review_templates: ['review template', 'review templates'],
  retros: ['retro', 'retros'],
  feedback_tags: ['feedback tag', 'feedback tags'],
  feedback_templates: ['feedback template', 'feedback templates'],
  feedback_automation_rules: ['feedback automation rule', 'feedback automation rules'],
  feedback_requests: ['feedback request', 'feedback requests'],
  feedback: ['piece of feedback', 'pieces of feedback'],
  notes: ['note', 'notes'],
  goals: ['goal', 'goals'],
  competency_tracks: ['competency track', 'competency tracks'],
  development_actions: ['development action', 'development actions'],
  billing_seat_history: ['day of seat history', 'days of seat history'],
  assistant_conversations: ['conversation with the assistant', 'conversations with the assistant'],
  integration_connections: ['sample connection (GitHub, Jira) with its data', 'sample connections (GitHub, Jira) with their data'],
};

export type DemoDataCount = { table: string; count: number };

export function demoCountLabel({ table, count }: DemoDataCount): string {
  const words = DEMO_TABLE_LABELS[table];
  if (!words) return `${count} ${count === 1 ? 'row' : 'rows'} of ${table}`;
  return `${count} ${count === 1 ? words[0] : words[1]}`;
}

/** "29 people, 4 teams and 2 review cycles" */
export function demoSummary(counts: readonly DemoDataCount[]): string {
  const parts = counts.filter((c) => c.count > 0).map(demoCountLabel);
  if (parts.length <= 1) return parts[0] ?? 'nothing';
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
