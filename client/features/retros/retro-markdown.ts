import { HEALTH_SCALE_LABELS, RETRO_ACTION_STATUS_LABELS, RETRO_LIMITS } from '../../../shared/retros.js';
import { formatDay } from '../../../shared/format.js';
import type { Retro, RetroGroup, RetroReflection } from './retro.types.js';

/**
 * A retro's summary as Markdown (to paste into a wiki, a chat or an issue): topics by votes with
 * their reflections and comments, action items, participation and the health aggregates that may be
 * shown. Authors appear only for signed retros; anonymous ones never name anyone but owners of
 * action items. Pure: the same retro gives the same text.
 */
export function retroMarkdown(retro: Retro): string {
  const out: string[] = [`# ${inline(retro.title)}`, ''];
  const facts = [
    `Team: ${inline(retro.team.name)}`,
    retro.sprint ? `Sprint: ${inline(retro.sprint.name)}` : null,
    `Template: ${inline(retro.template_name)}`,
    retro.ended_at ? `Held: ${formatDay(retro.ended_at)}` : `Scheduled: ${formatDay(retro.scheduled_at)}`,
    retro.facilitator ? `Facilitator: ${inline(retro.facilitator.full_name)}` : null,
    retro.anonymous ? 'Reflections: anonymous' : 'Reflections: signed',
  ].filter((f): f is string => f !== null);
  out.push(...facts.map((f) => `- ${f}`), '');

  const p = retro.participation;
  out.push(
    '## Participation',
    '',
    `- ${p.participants} of ${p.team_size} ${plural(p.team_size, 'person', 'people')} took part`,
    ...(p.people.length
      ? [
          `- Took part: ${[...p.people]
            .map((x) => inline(x.full_name))
            .sort((a, b) => a.localeCompare(b))
            .join(', ')}`,
        ]
      : []),
    `- ${p.reflections} ${plural(p.reflections, 'reflection', 'reflections')}`,
    `- ${p.votes_cast} ${plural(p.votes_cast, 'vote', 'votes')} cast`,
    '',
  );

  const groups = groupsByVotes(retro.groups);
  out.push('## Topics by votes', '');
  if (groups.length === 0) out.push('No topics.', '');
  const promptTitle = new Map(retro.prompts.map((pr) => [pr.id, pr.title]));
  const reflectionById = new Map(retro.reflections.map((r) => [r.id, r]));
  groups.forEach((group, i) => {
    out.push(`### ${i + 1}. ${inline(group.title)} (${votesText(group.votes)})`, '');
    const reflections = group.reflection_ids.map((id) => reflectionById.get(id)).filter((r): r is RetroReflection => !!r && r.text !== null);
    for (const r of reflections) out.push(`- ${reflectionLine(r, promptTitle, retro.anonymous)}`);
    if (reflections.length) out.push('');
    if (group.comments.length) {
      out.push('Comments:', '');
      for (const c of group.comments)
        out.push(`> ${inline(c.text)}${!retro.anonymous && c.author && !c.from_notes ? ` (${inline(c.author.full_name)})` : ''}`, '>');
      out.pop();
      out.push('');
    }
  });
  const loose = retro.reflections.filter((r) => !r.group_id && r.text !== null);
  if (loose.length) out.push('### Not grouped', '', ...loose.map((r) => `- ${reflectionLine(r, promptTitle, retro.anonymous)}`), '');

  out.push('## Action items', '');
  if (retro.action_items.length === 0) out.push('No action items.', '');
  else {
    for (const a of retro.action_items) {
      const details = [
        `owner: ${a.owner ? inline(a.owner.full_name) : 'nobody yet'}`,
        `due: ${a.due_on ? formatDay(a.due_on) : 'no date'}`,
        `status: ${RETRO_ACTION_STATUS_LABELS[a.status]}`,
      ];
      out.push(`- [${a.status === 'DONE' ? 'x' : ' '}] ${inline(a.text)} (${details.join(', ')})`);
    }
    out.push('');
  }

  if (retro.health_statements?.length) {
    out.push('## Team health', '', `Scale: 1 ${HEALTH_SCALE_LABELS[0].toLowerCase()} to 5 ${HEALTH_SCALE_LABELS[4].toLowerCase()}.`, '');
    for (const h of [...retro.health].sort((a, b) => a.index - b.index)) out.push(`- ${inline(h.statement)} — ${healthText(h.average, h.answers)}`);
    out.push('');
  }
  return `${out.join('\n').trimEnd()}\n`;
}

/** Most votes first; equal votes keep the server's order. */
export function groupsByVotes(groups: readonly RetroGroup[]): RetroGroup[] {
  return groups
    .map((g, i) => ({ g, i }))
    .sort((a, b) => (b.g.votes ?? 0) - (a.g.votes ?? 0) || a.i - b.i)
    .map(({ g }) => g);
}

export const votesText = (votes: number | null): string => (votes === null ? 'votes not counted' : `${votes} ${plural(votes, 'vote', 'votes')}`);

/** An average is shown only from RETRO_LIMITS.healthMinAnswers answers (the server sends null below that). */
export function healthText(average: number | null, answers: number): string {
  if (average === null || answers < RETRO_LIMITS.healthMinAnswers) return `fewer than ${RETRO_LIMITS.healthMinAnswers} answers, not shown`;
  return `${average.toFixed(1)} of 5 (${answers} ${plural(answers, 'answer', 'answers')})`;
}

function reflectionLine(r: RetroReflection, promptTitle: Map<string, string>, anonymous: boolean): string {
  const prompt = promptTitle.get(r.prompt_id);
  const author = !anonymous && r.author ? ` (${inline(r.author.full_name)})` : '';
  return `${prompt ? `**${inline(prompt)}:** ` : ''}${inline(r.text ?? '')}${author}`;
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** One line of text: line breaks become spaces, and characters that would start Markdown structure are escaped. */
function inline(text: string): string {
  return text
    .replace(/\s*\r?\n\s*/g, ' ')
    .replace(/([\\`*_[\]<>#|])/g, '\\$1')
    .trim();
}
