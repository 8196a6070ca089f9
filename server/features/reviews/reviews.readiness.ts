import type { Perspective } from '../../../shared/review-template.schemas.js';
import type { ReviewCycleRow } from './reviews.cycles.repo.js';
import type { PeerCountRow } from './reviews.readiness.repo.js';

/**
 * What a draft still needs before launch, and who would get no anonymous results (docs/decisions/0031):
 * - `short`: fewer approved peers than the cycle's minimum (launch is refused until they have them);
 * - `at_risk`: fewer approved peers, or fewer direct reports (but some), than the anonymity
 *   threshold: those answers will be withheld from everyone, so the launch step names them.
 */
export type PeerShortfall = PeerCountRow & { missing: number; needs: 'NOMINATE' | 'APPROVE' };
export type AnonymityRisk = {
  participant_id: string;
  reviewee_id: string;
  full_name: string;
  perspective: Extract<Perspective, 'PEER' | 'DIRECT_REPORT'>;
  have: number;
  need: number;
  message: string;
};

/** NOMINATE: the reviewee has not proposed enough; APPROVE: enough are proposed, the manager has to approve them. */
export const shortfallNeed = (row: Pick<PeerCountRow, 'approved' | 'proposed'>, min: number): 'NOMINATE' | 'APPROVE' =>
  row.approved + row.proposed < min ? 'NOMINATE' : 'APPROVE';

export function peerShortfalls(cycle: Pick<ReviewCycleRow, 'perspectives' | 'min_peers'>, rows: readonly PeerCountRow[]): PeerShortfall[] {
  if (!cycle.perspectives.includes('PEER')) return [];
  return rows
    .filter((r) => r.approved < cycle.min_peers)
    .map((r) => ({ ...r, missing: cycle.min_peers - r.approved, needs: shortfallNeed(r, cycle.min_peers) }));
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

export function anonymityRisks(cycle: Pick<ReviewCycleRow, 'perspectives' | 'anonymity_threshold'>, rows: readonly PeerCountRow[]): AnonymityRisk[] {
  const need = cycle.anonymity_threshold;
  const risks: AnonymityRisk[] = [];
  for (const r of rows) {
    const base = { participant_id: r.participant_id, reviewee_id: r.reviewee_id, full_name: r.full_name, need };
    if (cycle.perspectives.includes('PEER') && r.approved < need) {
      risks.push({
        ...base,
        perspective: 'PEER',
        have: r.approved,
        message: `${r.full_name} has ${plural(r.approved, 'approved peer')}; peer answers need at least ${need}, so ${r.full_name} will see no peer results.`,
      });
    }
    if (cycle.perspectives.includes('DIRECT_REPORT') && r.reports > 0 && r.reports < need) {
      risks.push({
        ...base,
        perspective: 'DIRECT_REPORT',
        have: r.reports,
        message: `${r.full_name} has ${plural(r.reports, 'direct report')}; their answers need at least ${need}, so ${r.full_name} will see no direct-report results.`,
      });
    }
  }
  return risks;
}
