import { useMutation } from '@tanstack/react-query';
import { GroupTitle, ReflectionBody } from './retro-board-parts.js';
import { meetingOutcome, plural, useMeeting } from './retro-meeting-context.js';
import type { RetroGroup, RetroReflection } from './retro.types.js';

/** VOTE: "+" and "−" per group, my votes per group, how many are left; the server's refusals read out. */
export function VotePhase() {
  const { retro, api } = useMeeting();
  const cast = useMutation({ mutationFn: ({ groupId, up }: { groupId: string; up: boolean }) => (up ? api.vote(groupId) : api.unvote(groupId)) });
  const { error, busy } = meetingOutcome([cast]);
  // Not disabled while a vote is on its way (a keyboard user would lose focus): a second press waits for the first.
  const once = (groupId: string, up: boolean) => {
    if (!busy) cast.mutate({ groupId, up });
  };
  const byId = new Map(retro.reflections.map((r) => [r.id, r]));
  const left = retro.my_votes_left;
  return (
    <div className="retro-phase-body">
      <div className="retro-vote-bar">
        <p className="retro-votes-left" aria-live="polite">
          <strong>
            {left} of {retro.max_votes}
          </strong>{' '}
          votes left
        </p>
        <p className="muted">At most {plural(retro.max_votes_per_group, 'vote')} on one group. Nobody sees who voted for what.</p>
      </div>
      <VotingStatus />
      <p className="retro-live-error" role="status" aria-live="polite">
        {error ?? ''}
      </p>
      <ul className="retro-vote-groups">
        {retro.groups.map((g) => {
          const cards = g.reflection_ids.map((id) => byId.get(id)).filter((r): r is RetroReflection => !!r);
          return (
            <li key={g.id} className="tile retro-vote-group">
              <div className="row-between">
                <GroupTitle group={g} />
                <VoteButtons group={g} left={left} max={retro.max_votes_per_group} onVote={() => once(g.id, true)} onUnvote={() => once(g.id, false)} />
              </div>
              <ul className="retro-cards" aria-label={`Reflections in ${g.title}`}>
                {cards.map((r) => (
                  <li key={r.id} className="retro-card">
                    <ReflectionBody reflection={r} />
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * Who has voted, never on what (docs/decisions/0059): counts for everyone; in signed retros also
 * each person with the votes they used, so the facilitator sees who still has votes left.
 */
export function VotingStatus() {
  const { retro } = useMeeting();
  const v = retro.voting;
  const stillVoting = v.voted - v.done;
  const people = [...v.people].sort((a, b) => a.left - b.left || (a.user?.full_name ?? '').localeCompare(b.user?.full_name ?? ''));
  return (
    <section className="tile retro-voting" aria-labelledby="retro-voting-title">
      <h3 id="retro-voting-title">Who has voted</h3>
      <p className="retro-voting-counts">
        <span>
          <strong>{v.done}</strong> used all their votes
        </span>
        <span>
          <strong>{stillVoting}</strong> still voting
        </span>
        <span>
          <strong>{v.waiting}</strong> here {v.waiting === 1 ? 'has' : 'have'} not voted yet
        </span>
      </p>
      {retro.anonymous ? (
        <p className="muted retro-hint">Anonymous retro: only how many, never who.</p>
      ) : (
        people.length > 0 && (
          <ul className="retro-voters" aria-label="Votes used per person">
            {people.map((p, i) => (
              <li key={p.user?.id ?? i} className={p.left === 0 ? 'retro-voter-done' : undefined}>
                <span>{p.user?.full_name ?? 'A former colleague'}</span>
                <span className="muted">{p.left === 0 ? 'done' : p.used === 0 ? 'not voted yet' : `${plural(p.left, 'vote')} left`}</span>
              </li>
            ))}
          </ul>
        )
      )}
    </section>
  );
}

function VoteButtons({ group, left, max, onVote, onUnvote }: { group: RetroGroup; left: number; max: number; onVote: () => void; onUnvote: () => void }) {
  return (
    <div className="retro-vote-buttons" role="group" aria-label={`Votes on ${group.title}`}>
      <button
        type="button"
        className="button button-secondary retro-vote-button"
        disabled={group.my_votes === 0}
        onClick={onUnvote}
        aria-label={`Take a vote back from ${group.title}`}
      >
        −
      </button>
      <span className="retro-my-votes" aria-live="polite">
        {plural(group.my_votes, 'vote')}
        <span className="sr-only">{` of yours on ${group.title}`}</span>
      </span>
      <button
        type="button"
        className="button retro-vote-button"
        disabled={left <= 0 || group.my_votes >= max}
        onClick={onVote}
        aria-label={`Vote for ${group.title}`}
      >
        +
      </button>
    </div>
  );
}
