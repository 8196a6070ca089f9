import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormError } from '../../components/ui/field.js';
import { showAlert } from '../../lib/alerts.js';
import { peerCountProblem } from '../../../shared/review-cycle.schemas.js';
import { pickablePeopleQueryOptions } from '../teams/api.js';
import { useParticipantAction } from './review-cycle-actions.api.js';
import { peerSuggestionsQueryOptions, type Cycle, type Participant } from './review-cycles.api.js';
import { SearchPicker, type Option } from './review-cycle-participants.js';
import { messageOf } from './review-cycles.search.js';

/** Choosing peers: the reviewee proposes (nominatePeers), a manager sets the final list (changeNominations). */
export function PeerEditor({ cycle, participant, mode, onDone }: { cycle: Cycle; participant: Participant; mode: 'nominate' | 'change'; onDone: () => void }) {
  const suggestions = useQuery(peerSuggestionsQueryOptions(participant.id));
  const people = useQuery(pickablePeopleQueryOptions);
  const current = participant.nominations.filter((n) => n.status !== 'REJECTED' && n.reviewer).map((n) => n.reviewer!.id);
  const [chosen, setChosen] = useState<string[]>(current);
  const [error, setError] = useState<string | null>(null);
  const action = useParticipantAction(mode === 'nominate' ? 'nominatePeers' : 'changeNominations');
  const suggested = new Set((suggestions.data ?? []).map((p) => p.id));
  const options: Option[] = [
    ...(suggestions.data ?? []).map((p) => ({ id: p.id, label: p.full_name, detail: 'Suggested' })),
    ...(people.data ?? [])
      .filter((p) => !suggested.has(p.id) && p.id !== participant.reviewee?.id && p.status !== 'DEACTIVATED')
      .map((p) => ({ id: p.id, label: p.full_name, detail: p.team?.name ?? null })),
  ];
  async function save() {
    const problem = peerCountProblem(chosen.length, cycle);
    if (problem) return setError(problem);
    setError(null);
    try {
      await action.mutateAsync({ participantId: participant.id, reviewerIds: chosen });
      showAlert(
        mode === 'nominate' ? 'Your peers were proposed to your manager.' : `The peers of ${participant.reviewee?.full_name ?? 'this person'} are set.`,
        'success',
      );
      onDone();
    } catch (err) {
      setError(messageOf(err));
    }
  }
  const who = participant.reviewee?.full_name ?? 'this person';
  return (
    <div className="rc-participant" role="group" aria-label={mode === 'nominate' ? 'Propose your peers' : `Change the peers of ${who}`}>
      <p className="muted">
        Choose {cycle.min_peers} to {cycle.max_peers} colleagues. People who share a team or manager with {mode === 'nominate' ? 'you' : who} are suggested
        first.
      </p>
      {suggestions.isPending || people.isPending ? (
        <p role="status">Loading colleagues…</p>
      ) : (
        <SearchPicker label="Peers" name="peers" options={options} chosen={chosen} onChange={setChosen} />
      )}
      <FormError message={error} />
      <div className="rc-actions">
        <button type="button" className="button" disabled={action.isPending} onClick={() => void save()}>
          {action.isPending ? 'Saving…' : mode === 'nominate' ? 'Propose peers' : 'Save peers'}
        </button>
        <button type="button" className="button button-ghost" onClick={onDone}>
          Cancel
        </button>
      </div>
    </div>
  );
}
