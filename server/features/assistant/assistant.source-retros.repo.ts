import type { PassageKind, PassageTone } from '../../../shared/assistant.js';
import { RETRO_ACTION_OPEN, RETRO_ACTION_STATUS_LABELS, type RetroActionStatus, type RetroPrompt } from '../../../shared/retros.js';
import { viewerTeamIds } from '../retros/retros.access.js';
import { ADMIN_TAG, tokenSql, type IndexDeclaration } from './assistant.index.repo.js';
import { dayOf, fingerprint, srcList, type LoadContext, type LoadedPassage, type SourceKind } from './assistant.sources.js';
import { stmt } from './assistant.statements.repo.js';

/**
 * Retros (docs/decisions/0047): reflections, topic comments and action items, indexed only once the
 * retro has ended (their documents are made in the transaction that ends it, after the author links
 * were erased, in the reflections' id order). Audience: the team (t) and admins. Read again through
 * the retros' own rule, viewerTeamIds (the teams of the retros list): members, the team's manager and
 * lead, admins. An anonymous retro's reflections never name an author; a signed one's do.
 */
type RetroRow = { retro_id: string; team_id: string; team_live: number; title: string; anonymous: number; ended_at: string | null; prompts: string };

const ENDED = 'r.ended_at is not null';
const RETRO_TAGS = [tokenSql('t', 'r.team_id'), ADMIN_TAG];
// The organization too: action items are indexed by organization and team, not by retro.
const onRetroChange = {
  table: 'retros',
  columns: ['ended_at', 'team_id'],
  where: (row: 'new' | 'old') => `s.organization_id = ${row}.organization_id and s.retro_id = ${row}.id`,
};

const declaration = (kind: PassageKind, code: number, table: string, body: string, at: string, extra: Partial<IndexDeclaration> = {}): IndexDeclaration => ({
  kind,
  code,
  table,
  from: `${table} s join retros r on r.id = s.retro_id`,
  where: `${ENDED}${extra.where ? ` and ${extra.where}` : ''}`,
  org: 's.organization_id',
  at,
  body,
  tags: [...RETRO_TAGS, ...(extra.tags ?? [])],
  dependents: [onRetroChange],
  columns: extra.columns,
});

/**
 * The retros of these rows that ended and whose team the asker takes part in: the teams of the retros
 * list (viewerTeamIds: their team, the teams they manage or lead; every team for admins), the team
 * still there (as teamRelation, which retroAccess uses, requires).
 */
function readableRetros(ctx: LoadContext, rows: readonly RetroRow[]): Set<string> {
  const teams = viewerTeamIds(ctx.db, ctx.viewer);
  const ok = new Set<string>();
  for (const r of rows) if (r.ended_at && r.team_live && (teams === null || teams.includes(r.team_id))) ok.add(r.retro_id);
  return ok;
}

/**
 * The tone a reflection was written with, by the built-in columns that say it ("What went well",
 * "Glad", "Continue", "Liked", "Wind" positive; "What to improve", "Mad", "Sad", "Stop", "Lacked",
 * "Anchors" negative): a column is a
 * better reading than the words ("Bug count went down" is good news). Other columns: the words.
 */
const COLUMN_TONE: Readonly<Record<string, PassageTone>> = {
  well: 'positive',
  glad: 'positive',
  continue: 'positive',
  liked: 'positive',
  wind: 'positive',
  improve: 'negative',
  mad: 'negative',
  sad: 'negative',
  stop: 'negative',
  lacked: 'negative',
  anchors: 'negative',
};

const prompts = new Map<string, RetroPrompt[]>();
const promptTitle = (r: RetroRow, promptId: string) => {
  let list = prompts.get(r.prompts);
  if (!list) {
    if (prompts.size > 500) prompts.clear();
    prompts.set(r.prompts, (list = JSON.parse(r.prompts) as RetroPrompt[]));
  }
  return list.find((p) => p.id === promptId)?.title;
};

const groupOf = (r: RetroRow) => ({
  key: `retro:${r.retro_id}`,
  source: 'RETROS' as const,
  title: `${r.title}, ended ${dayOf(r.ended_at!)}`,
  link: `/professional-development/sprint-retro/review/${r.retro_id}`,
});

const RETRO_COLUMNS = `s.retro_id, r.team_id, (select t.deleted_at is null from teams t where t.id = r.team_id) as team_live, r.title, r.anonymous, r.ended_at, r.prompts`;
const rowsOf = <T>(ctx: LoadContext, table: string, columns: string, srcs: readonly number[]) =>
  stmt(
    ctx.db,
    `select s.rowid as src, s.id, ${columns}, ${RETRO_COLUMNS} from json_each(?) j cross join ${table} s on s.rowid = j.value
    join retros r on r.id = s.retro_id where r.organization_id = ?`,
  ).all(srcList(srcs), ctx.viewer.organizationId) as Array<T & RetroRow & { src: number; id: string }>;

export const retroReflectionKind: SourceKind = {
  kind: 'retro_reflection',
  audience: ['t', 'adm'],
  index: declaration('retro_reflection', 2, 'retro_reflections', 's.text', 'r.ended_at', { columns: ['text', 'retro_id', 'prompt_id', 'author_id'] }),
  load(ctx, srcs) {
    const rows = rowsOf<{ text: string; prompt_id: string; author_id: string | null }>(ctx, 'retro_reflections', 's.text, s.prompt_id, s.author_id', srcs);
    const ok = readableRetros(ctx, rows);
    const signed = rows.filter((r) => !r.anonymous && r.author_id).map((r) => r.author_id);
    const who = ctx.names(signed);
    return rows
      .filter((r) => ok.has(r.retro_id))
      .map((r): LoadedPassage => {
        const prompt = promptTitle(r, r.prompt_id);
        // Anonymous: never an author, whatever the row holds (it holds none after the end).
        const author = !r.anonymous && r.author_id ? (who.get(r.author_id) ?? 'A former colleague') : null;
        return {
          kind: 'retro_reflection',
          src: r.src,
          fp: fingerprint('retro_reflection', r.id),
          text: r.text,
          at: r.ended_at!,
          author,
          tone: COLUMN_TONE[r.prompt_id] ?? true,
          label: `${author ? 'Reflection' : 'Anonymous reflection'}${prompt ? `, under “${prompt}”` : ''}`,
          group: groupOf(r),
          audit: `retro:${r.retro_id}`,
        };
      });
  },
};

export const retroDiscussionKind: SourceKind = {
  kind: 'retro_discussion',
  audience: ['t', 'adm'],
  // A topic's discussion is its comments, each person's own (docs/decisions/0059).
  index: declaration('retro_discussion', 3, 'retro_comments', 's.text', 'r.ended_at', { where: `trim(s.text) <> ''`, columns: ['text', 'retro_id'] }),
  load(ctx, srcs) {
    const rows = rowsOf<{ title_of_group: string | null; text: string; author_id: string | null }>(
      ctx,
      'retro_comments',
      's.text, s.author_id, (select g.title from retro_groups g where g.id = s.group_id) as title_of_group',
      srcs,
    );
    const ok = readableRetros(ctx, rows);
    const who = ctx.names(rows.filter((r) => !r.anonymous && r.author_id).map((r) => r.author_id));
    return rows
      .filter((r) => ok.has(r.retro_id) && r.text.trim())
      .map((r): LoadedPassage => {
        // Anonymous: never an author, as with reflections.
        const author = !r.anonymous && r.author_id ? (who.get(r.author_id) ?? 'A former colleague') : null;
        return {
          kind: 'retro_discussion',
          src: r.src,
          fp: fingerprint('retro_discussion', r.id),
          text: r.text,
          at: r.ended_at!,
          author,
          tone: true,
          label: `${author ? 'Comment' : 'Anonymous comment'} on “${r.title_of_group ?? 'a topic'}”`,
          group: groupOf(r),
          audit: `retro:${r.retro_id}`,
        };
      });
  },
};

export const retroActionKind: SourceKind = {
  kind: 'retro_action',
  audience: ['t', 'adm'],
  index: declaration('retro_action', 4, 'retro_action_items', 's.text', 's.created_at', {
    tags: [tokenSql('s', 's.owner_id')],
    columns: ['text', 'retro_id', 'owner_id', 'created_at'],
  }),
  load(ctx, srcs) {
    const rows = rowsOf<{ text: string; owner_id: string | null; status: RetroActionStatus; created_at: string }>(
      ctx,
      'retro_action_items',
      's.text, s.owner_id, s.status, s.created_at',
      srcs,
    );
    const ok = readableRetros(ctx, rows);
    const who = ctx.names(rows.map((r) => r.owner_id));
    return rows
      .filter((r) => ok.has(r.retro_id))
      .map((r): LoadedPassage => {
        const owner = r.owner_id ? (who.get(r.owner_id) ?? 'a former colleague') : null;
        return {
          kind: 'retro_action',
          src: r.src,
          fp: fingerprint('retro_action', r.id),
          text: r.text,
          at: r.created_at,
          author: null,
          tone: false,
          label: `Action item${owner ? ` for ${owner}` : ''}, ${RETRO_ACTION_STATUS_LABELS[r.status].toLowerCase()}`,
          group: groupOf(r),
          audit: `retro:${r.retro_id}`,
          open: RETRO_ACTION_OPEN.includes(r.status),
        };
      });
  },
};
