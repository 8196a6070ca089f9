import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { RETRO_PHASE_LABELS } from '../../../shared/retros.js';
import { meQueryOptions } from '../users/api.js';
import { GroupPhase } from './retro-board-group.js';
import { MeetingProvider, type Meeting } from './retro-meeting-context.js';
import { RetroMeetingHeader } from './retro-meeting-header.js';
import { retroQueryOptions, retroTeamPeopleQueryOptions, useMeetingApi, useRetroLive } from './retro-meeting.api.js';
import { CheckInPhase, ReviewActionsPhase } from './retro-phase-checkin.js';
import { DiscussPhase } from './retro-phase-discuss.js';
import { HealthPhase } from './retro-phase-health.js';
import { ReflectPhase } from './retro-phase-reflect.js';
import { VotePhase } from './retro-phase-vote.js';
import { RetroSummary } from './retro-summary.js';
import type { Retro } from './retro.types.js';
import './retros.css';
import './retro-meeting.css';
import { formatDateTime } from '../../../shared/format.js';

/** /professional-development/sprint-retro/review/$id: the live meeting (or, once ended, its summary). */
export function RetroMeetingPage({ id }: { id: string }) {
  const { data: retro } = useSuspenseQuery(retroQueryOptions(id));
  if (!retro) {
    return (
      <section className="page">
        <div className="state-card" role="alert">
          <h1>Retro not found</h1>
          <p>This retro does not exist, was deleted before it started, or belongs to a team whose retros you do not take part in.</p>
          <Link to="/professional-development/sprint-retro/review">Go to the retros</Link>
        </div>
      </section>
    );
  }
  return <LiveMeeting retro={retro} />;
}

function LiveMeeting({ retro }: { retro: Retro }) {
  const { data: me } = useSuspenseQuery(meQueryOptions);
  const { data: team } = useQuery(retroTeamPeopleQueryOptions(retro.id));
  const api = useMeetingApi(retro.id);
  const live = useRetroLive(retro.id);
  const announcement = usePhaseAnnouncement(retro);
  const meeting = useMemo<Meeting>(() => ({ retro, me, api, people: team?.people ?? [], managerIds: team?.managerIds ?? [] }), [retro, me, api, team]);

  return (
    <MeetingProvider value={meeting}>
      <section className={`page retro-meeting retro-phase-${retro.phase}`}>
        {live.status !== 'live' && (
          <div className={`notice notice-warning retro-connection`} role="status">
            {live.status === 'reconnecting' ? (
              'Reconnecting… Changes by others will show once the connection is back.'
            ) : (
              <>
                The live connection was lost.{' '}
                <button type="button" className="button button-small" onClick={live.retry}>
                  Reconnect
                </button>
              </>
            )}
          </div>
        )}
        <RetroMeetingHeader />
        <p className="sr-only" role="status" aria-live="polite">
          {announcement}
        </p>
        <section className="retro-phase" aria-labelledby="retro-phase-title">
          <h2 id="retro-phase-title">{RETRO_PHASE_LABELS[retro.phase]}</h2>
          <PhaseBody retro={retro} />
        </section>
      </section>
    </MeetingProvider>
  );
}

/** "The retro moved to Vote." when the phase changes while the screen is open (not on the first render). */
function usePhaseAnnouncement(retro: Retro): string {
  const [text, setText] = useState('');
  const seen = useRef(retro.phase);
  useEffect(() => {
    if (seen.current === retro.phase) return;
    seen.current = retro.phase;
    setText(retro.phase === 'SUMMARY' ? 'The retro has ended: here is its summary.' : `The retro moved to ${RETRO_PHASE_LABELS[retro.phase]}.`);
  }, [retro.phase]);
  return text;
}

function PhaseBody({ retro }: { retro: Retro }) {
  switch (retro.phase) {
    case 'SCHEDULED':
      return (
        <div className="retro-phase-body">
          <p>
            The retro has not started yet. It is planned for <strong>{formatDateTime(retro.scheduled_at)}</strong>.
          </p>
          <p className="muted">
            {retro.viewer_is_facilitator
              ? 'Start it when the team is here: everyone with this page open moves along with you.'
              : 'Keep this page open: it moves along as soon as the facilitator starts.'}
          </p>
          <p className="muted">
            Phases:{' '}
            {retro.phases
              .filter((p) => p !== 'SCHEDULED')
              .map((p) => RETRO_PHASE_LABELS[p])
              .join(' → ')}
          </p>
        </div>
      );
    case 'CHECK_IN':
      return <CheckInPhase />;
    case 'REVIEW_ACTIONS':
      return <ReviewActionsPhase />;
    case 'HEALTH':
      return <HealthPhase />;
    case 'REFLECT':
      return <ReflectPhase />;
    case 'GROUP':
      return <GroupPhase />;
    case 'VOTE':
      return <VotePhase />;
    case 'DISCUSS':
      return <DiscussPhase />;
    case 'SUMMARY':
      return <RetroSummary retro={retro} />;
  }
}
