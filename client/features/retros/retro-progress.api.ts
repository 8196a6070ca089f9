import { queryOptions } from '@tanstack/react-query';
import type { CompletionBand } from '../../../shared/completion.js';
import { gql, graphql, GraphqlError, type Narrowed, type ResultOf } from '../../lib/graphql.js';

/** A team the viewer may not see (or that does not exist) is NOT_FOUND: shown as such, not thrown. */
export type RetroProgressDetailAnswer = { kind: 'detail'; detail: RetroTeamProgressDetail } | { kind: 'missing'; message: string };

const SUMMARY = 'team { id name } retros_held last_retro_at participation_percent action_items_total action_items_done completion { percent band }';
const DETAIL = `summary { ${SUMMARY} }
  sprints { retro_id title sprint_name held_at participants team_size action_items_total action_items_done completion { percent band } }
  health_trend { statement points { retro_id held_at answers average } }
  themes { term retros mentions }`;

export const RETRO_TEAM_PROGRESS = graphql(`query RetroTeamProgress { retroTeamProgress { ${SUMMARY} } }`);

export const retroTeamProgressQueryOptions = queryOptions({
  queryKey: ['retroTeamProgress'],
  queryFn: async () => (await gql(RETRO_TEAM_PROGRESS)).retroTeamProgress as RetroTeamProgress[],
});

export const RETRO_TEAM_PROGRESS_DETAIL = graphql(`query RetroTeamProgressDetail($teamId: ID!) { retroTeamProgressDetail(team_id: $teamId) { ${DETAIL} } }`);

/**
 * Retro team progress as the server sends it (server/features/retros/retros.progress.ts): ended
 * retros only, sprints oldest first. A completion's band is a CompletionBand (the schema says String).
 */
type DetailAnswer = ResultOf<typeof RETRO_TEAM_PROGRESS_DETAIL>['retroTeamProgressDetail'];
export type RetroBand = Narrowed<NonNullable<DetailAnswer['summary']['completion']>, { band: CompletionBand }>;
export type RetroTeamProgress = Narrowed<DetailAnswer['summary'], { completion: RetroBand | null }>;
export type RetroSprintProgress = Narrowed<DetailAnswer['sprints'][number], { completion: RetroBand | null }>;
export type RetroHealthTrend = DetailAnswer['health_trend'][number];
export type RetroHealthPoint = RetroHealthTrend['points'][number];
export type RetroTheme = DetailAnswer['themes'][number];
export type RetroTeamProgressDetail = Narrowed<DetailAnswer, { summary: RetroTeamProgress; sprints: RetroSprintProgress[] }>;

export const retroTeamProgressDetailQueryOptions = (teamId: string) =>
  queryOptions({
    queryKey: ['retroTeamProgressDetail', teamId],
    queryFn: async (): Promise<RetroProgressDetailAnswer> => {
      try {
        const data = await gql(RETRO_TEAM_PROGRESS_DETAIL, { teamId });
        return { kind: 'detail', detail: data.retroTeamProgressDetail as RetroTeamProgressDetail };
      } catch (err) {
        if (err instanceof GraphqlError && err.code === 'NOT_FOUND') return { kind: 'missing', message: err.message };
        throw err;
      }
    },
  });

/** The retro's name on charts and tables: its sprint when it has one. */
export const retroLabel = (s: Pick<RetroSprintProgress, 'title' | 'sprint_name'>) => s.sprint_name ?? s.title;
