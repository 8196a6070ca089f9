import { IntegrationError } from '../integrations.errors.js';
import type { DeploymentInput, SyncContext } from '../integrations.provider.js';
import { repoPath, type BbDeployment, type BbEnvironment, type BitbucketClient } from './bitbucket.client.js';

import { DAY_MS } from '../../../../shared/dates.days.js';

/**
 * Deployments of a Bitbucket repository as the code process recognises them (deployment_source):
 * DEPLOYMENTS: Bitbucket Pipelines' deployments (environment + state); TAGS, and RELEASES (Bitbucket
 * has no releases: its tags are them): tags whose name matches `deployment_pattern`, dated by the tag
 * (or its commit); WORKFLOW: completed pipelines whose custom pipeline name (or branch / tag) matches
 * the pattern; MERGE: nothing to fetch (the ingest writer counts merges). Tags and pipelines name no
 * environment: they are recorded in the first production environment. Lists are written page by
 * page; the cursor (the latest instant seen) is saved once a list is done, since Bitbucket does not
 * order every list by completion. Re-reads overlap by 5 minutes; upserts by id never duplicate.
 */
export const DEPLOY_OVERLAP_MS = 5 * 60_000;

const RESULT: Record<string, string> = { SUCCESSFUL: 'SUCCESS', FAILED: 'FAILURE', ERROR: 'FAILURE', STOPPED: 'CANCELLED', EXPIRED: 'CANCELLED' };
const resultOf = (name: string | undefined) => RESULT[name ?? ''] ?? (name ? name.toUpperCase() : 'UNKNOWN');
const iso = (s: string) => new Date(s).toISOString();

type Scope = SyncContext['scopes'][number];
type BbTag = { name: string; date?: string | null; target?: { hash?: string; date?: string } };
type BbPipeline = {
  uuid: string;
  created_on: string;
  completed_on?: string | null;
  state?: { name?: string; result?: { name?: string } };
  target?: { ref_name?: string; commit?: { hash?: string }; selector?: { type?: string; pattern?: string } };
};

export function deploymentOf(d: BbDeployment, environments: Map<string, string>): DeploymentInput | null {
  const finishedAt = d.state?.completed_on;
  if (!finishedAt || d.state.name !== 'COMPLETED') return null;
  return {
    externalId: d.uuid,
    environment: environments.get(d.environment?.uuid) ?? 'unknown',
    result: resultOf(d.state.status?.name),
    sha: d.release?.commit?.hash ?? null,
    startedAt: d.state.started_on ? iso(d.state.started_on) : null,
    finishedAt: iso(finishedAt),
  };
}

export async function syncDeployments(ctx: SyncContext, client: BitbucketClient, scope: Scope): Promise<void> {
  const source = ctx.settings.deployment_source;
  if (source === 'MERGE') return;
  const entity = `deployments:${source}`;
  const stored = ctx.cursors.get(scope.externalId, entity).cursor;
  const storedMs = stored && Number.isFinite(Date.parse(stored)) ? Date.parse(stored) : null;
  const lower = storedMs !== null ? storedMs - DEPLOY_OVERLAP_MS : Date.parse(ctx.since);
  const repo = `/repositories/${repoPath(scope.externalId)}`;
  const pattern = ctx.settings.deployment_pattern ? new RegExp(ctx.settings.deployment_pattern, 'i') : null;
  const production = ctx.settings.production_environments[0] ?? 'production';
  const what = `${scope.name} deployments`;
  let latest = storedMs;
  const keep = (list: DeploymentInput[]) => {
    const fresh = list.filter((d) => Date.parse(d.finishedAt) >= lower);
    if (fresh.length) ctx.write.deployments(scope.id, fresh);
    for (const d of fresh) latest = Math.max(latest ?? 0, Date.parse(d.finishedAt));
  };
  ctx.progress({ label: `${scope.name}: deployments` });
  try {
    await readDeployments();
  } catch (err) {
    // A repository without Pipelines has no environments, deployments or pipelines to read: none, not a failure.
    if (!(err instanceof IntegrationError && err.kind === 'NOT_FOUND')) throw err;
  }
  if (latest !== null) ctx.cursors.set(scope.externalId, entity, { cursor: new Date(latest).toISOString() });

  async function readDeployments(): Promise<void> {
    if (source === 'DEPLOYMENTS') {
      const environments = new Map(
        (await client.all<BbEnvironment>(`${repo}/environments/?pagelen=100`, `${scope.name} environments`)).map((e) => [e.uuid, e.name]),
      );
      await client.pages<BbDeployment>(`${repo}/deployments/?pagelen=100`, what, (page) => {
        keep(page.values.map((d) => deploymentOf(d, environments)).filter((d): d is DeploymentInput => !!d));
      });
    } else if (source === 'TAGS' || source === 'RELEASES') {
      // Newest commit first; stop once a page is wholly older than the bound.
      await client.pages<BbTag>(`${repo}/refs/tags?pagelen=100&sort=-target.date`, `${scope.name} tags`, (page) => {
        keep(
          page.values.flatMap((t) => {
            const at = t.date ?? t.target?.date;
            if (!at || (pattern && !pattern.test(t.name))) return [];
            return [
              { externalId: `tag:${t.name}`, environment: production, result: 'SUCCESS', sha: t.target?.hash ?? null, startedAt: null, finishedAt: iso(at) },
            ];
          }),
        );
        return page.values.every((t) => Date.parse(t.target?.date ?? t.date ?? '') < lower) ? 'stop' : undefined;
      });
    } else if (source === 'WORKFLOW') {
      await client.pages<BbPipeline>(`${repo}/pipelines/?pagelen=100&sort=-created_on`, `${scope.name} pipelines`, (page) => {
        keep(
          page.values.flatMap((p) => {
            if (p.state?.name !== 'COMPLETED' || !p.completed_on) return [];
            const name = p.target?.selector?.pattern ?? p.target?.ref_name ?? '';
            if (pattern && !pattern.test(name)) return [];
            return [
              {
                externalId: `pipeline:${p.uuid}`,
                environment: production,
                result: resultOf(p.state.result?.name),
                sha: p.target?.commit?.hash ?? null,
                startedAt: iso(p.created_on),
                finishedAt: iso(p.completed_on),
              },
            ];
          }),
        );
        // A pipeline may run for a while: stop a day before the bound.
        return page.values.every((p) => Date.parse(p.created_on) < lower - DAY_MS) ? 'stop' : undefined;
      });
    }
  }
}
