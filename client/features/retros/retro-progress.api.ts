import { queryOptions } from '@tanstack/react-query';
import type { CompletionBand } from '../../../shared/completion.js';
import { gql, GraphqlError } from '../../lib/graphql.js';

/** Retro team progress as the server sends it (server/features/retros/retros.progress.ts): ended retros only. */
export type RetroBand = { percent: number; band: CompletionBand };
export type RetroTeamProgress = {
  team: { id: string; name: string };
  retros_held: number;
  last_retro_at: string | null;
  participation_percent: number | null;
  action_items_total: number;
  action_items_done: number;
  completion: RetroBand | null;
};
export type RetroSprintProgress = {
  retro_id: string; title: string; sprint_name: string | null; held_at: string;
  participants: number; team_size: number; action_items_total: number; action_items_done: number; completion: RetroBand | null;
};
export type RetroHealthPoint = { retro_id: string; held_at: string; answers: number; average: number | null };
export type RetroHealthTrend = { statement: string; points: RetroHealthPoint[] };
export type RetroTheme = { term: string; retros: number; mentions: number };
/** Sprints oldest first. */
export type RetroTeamProgressDetail = { summary: RetroTeamProgress; sprints: RetroSprintProgress[]; health_trend: RetroHealthTrend[]; themes: RetroTheme[] };
/** A team the viewer may not see (or that does not exist) is NOT_FOUND: shown as such, not thrown. */
export type RetroProgressDetailAnswer = { kind: 'detail'; detail: RetroTeamProgressDetail } | { kind: 'missing'; message: string };

const SUMMARY = 'team { id name } retros_held last_retro_at participation_percent action_items_total action_items_done completion { percent band }';
const DETAIL = `summary { ${SUMMARY} }
  sprints { retro_id title sprint_name held_at participants team_size action_items_total action_items_done completion { percent band } }
  health_trend { statement points { retro_id held_at answers average } }
  themes { term retros mentions }`;

export const retroTeamProgressQueryOptions = queryOptions({
  queryKey: ['retroTeamProgress'],
  queryFn: async () => (await gql<{ retroTeamProgress: RetroTeamProgress[] }>(`query RetroTeamProgress { retroTeamProgress { ${SUMMARY} } }`)).retroTeamProgress,
});

export const retroTeamProgressDetailQueryOptions = (teamId: string) => queryOptions({
  queryKey: ['retroTeamProgressDetail', teamId],
  queryFn: async (): Promise<RetroProgressDetailAnswer> => {
    try {
      const data = await gql<{ retroTeamProgressDetail: RetroTeamProgressDetail }>(`query RetroTeamProgressDetail($teamId: ID!) { retroTeamProgressDetail(team_id: $teamId) { ${DETAIL} } }`, { teamId });
      return { kind: 'detail', detail: data.retroTeamProgressDetail };
    } catch (err) {
      if (err instanceof GraphqlError && err.code === 'NOT_FOUND') return { kind: 'missing', message: err.message };
      throw err;
    }
  },
});

/** The retro's name on charts and tables: its sprint when it has one. */
export const retroLabel = (s: Pick<RetroSprintProgress, 'title' | 'sprint_name'>) => s.sprint_name ?? s.title;
