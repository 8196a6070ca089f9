import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { useId, useState } from 'react';
import { RETRO_PHASE_LABELS } from '../../../shared/retros.js';
import { formatDateTime, formatDay } from '../../../shared/format.js';
import { EmptyState } from '../../components/ui/states.js';
import { showAlert } from '../../lib/alerts.js';
import { AssistantInContext } from '../assistant/assistant-in-context.js';
import { EditRetroDialog, NewRetroDialog } from './new-retro-dialog.js';
import { sectionOf, type RetroListSection } from './retro-format.js';
import { retroTeamsQueryOptions, retrosQueryOptions, useDeleteRetro, type RetroListEntry } from './retros.api.js';
import './retros.css';

const LIST_PATH = '/professional-development/sprint-retro/review';
const RETRO_PATH = '/professional-development/sprint-retro/review/$id';

const SECTIONS: Array<{ key: RetroListSection; title: string; empty: string }> = [
  { key: 'RUNNING', title: 'Running', empty: 'No retro is running now.' },
  { key: 'UPCOMING', title: 'Upcoming', empty: 'No retro is planned.' },
  { key: 'PAST', title: 'Past', empty: 'No retro has ended yet.' },
];

function sorted(section: RetroListSection, retros: RetroListEntry[]): RetroListEntry[] {
  const time = (r: RetroListEntry) =>
    Date.parse(section === 'PAST' ? (r.ended_at ?? r.scheduled_at) : section === 'RUNNING' ? (r.started_at ?? r.scheduled_at) : r.scheduled_at);
  return [...retros].sort((a, b) => (section === 'PAST' ? time(b) - time(a) : time(a) - time(b)));
}

/** /professional-development/sprint-retro/review: my teams' retros (running, upcoming, past), a team filter and "New retro". */
export function RetrosPage({ teamId }: { teamId: string | null }) {
  const navigate = useNavigate();
  const { data: retros } = useSuspenseQuery(retrosQueryOptions(teamId));
  const { data: teams } = useSuspenseQuery(retroTeamsQueryOptions);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<RetroListEntry | null>(null);
  const filterId = useId();
  const bySection = (key: RetroListSection) =>
    sorted(
      key,
      retros.filter((r) => sectionOf(r) === key),
    );

  return (
    <section className="page">
      <div className="row-between">
        <h1>Sprint retrospectives</h1>
        {teams.length > 0 && (
          <button type="button" className="button" onClick={() => setCreating(true)}>
            New retro
          </button>
        )}
      </div>
      <p className="muted">Reflect on the sprint together: write, group, vote, discuss, and agree on action items that carry into the next retro.</p>
      <AssistantInContext
        key={teamId ?? 'all'}
        summary="What came up in our retros lately?"
        source="RETROS"
        question="What came up in our retros lately?"
        scope={{ sources: ['RETROS'], ...(teamId ? { team_id: teamId } : {}) }}
        intro="Themes, tone and the most telling reflections of your team’s ended retros; anonymous ones stay anonymous."
      />
      {teams.length > 1 && (
        <div className="retro-toolbar">
          <div className="field">
            <label htmlFor={filterId}>Team</label>
            <select
              id={filterId}
              value={teamId ?? ''}
              onChange={(e) => void navigate({ to: LIST_PATH, search: e.target.value ? { team: e.target.value } : {} })}
            >
              <option value="">All my teams</option>
              {teams.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
      {teams.length === 0 && retros.length === 0 ? (
        <EmptyState title="No team yet">
          <p>Retros belong to a team. Once you are on a team, or manage or lead one, its retros show up here.</p>
        </EmptyState>
      ) : (
        SECTIONS.map(({ key, title, empty }) => {
          const list = bySection(key);
          return (
            <section key={key} className="retro-section" aria-labelledby={`retro-section-${key}`}>
              <h2 id={`retro-section-${key}`}>{title}</h2>
              {list.length === 0 ? (
                <p className="muted">
                  {empty}
                  {key === 'UPCOMING' && teams.length > 0 ? ' Plan one with New retro.' : ''}
                </p>
              ) : (
                <ul className="retro-list" aria-label={`${title} retros`}>
                  {list.map((r) => (
                    <RetroLine key={r.id} retro={r} section={key} onEdit={() => setEditing(r.id)} onDelete={() => setDeleting(r)} />
                  ))}
                </ul>
              )}
            </section>
          );
        })
      )}
      {creating && (
        <NewRetroDialog
          initialTeamId={teamId}
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false);
            void navigate({ to: RETRO_PATH, params: { id } });
          }}
        />
      )}
      {editing && <EditRetroDialog retroId={editing} onClose={() => setEditing(null)} />}
      {deleting && <DeleteRetroDialog retro={deleting} onClose={() => setDeleting(null)} />}
    </section>
  );
}

function RetroLine({ retro: r, section, onEdit, onDelete }: { retro: RetroListEntry; section: RetroListSection; onEdit: () => void; onDelete: () => void }) {
  const headingId = useId();
  const p = r.participation;
  return (
    <li className="tile retro-item" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <Link to={RETRO_PATH} params={{ id: r.id }}>
          {r.title}
        </Link>
      </h3>
      <p className="retro-meta">
        <span>{r.team.name}</span>
        {r.sprint && <span>{r.sprint.name}</span>}
        <span>{r.template_name}</span>
        {section === 'RUNNING' && <span className="retro-badge">Now: {RETRO_PHASE_LABELS[r.phase]}</span>}
        {section === 'UPCOMING' && <span>{formatDateTime(r.scheduled_at)}</span>}
        {section === 'PAST' && <span>Ended {formatDay(r.ended_at ?? r.scheduled_at)}</span>}
        {section !== 'PAST' && <span>Facilitator: {r.facilitator?.full_name ?? 'nobody yet'}</span>}
        {section === 'PAST' && (
          <span>
            {p.participants} of {p.team_size} took part · {p.reflections} {p.reflections === 1 ? 'reflection' : 'reflections'} · {p.votes_cast}{' '}
            {p.votes_cast === 1 ? 'vote' : 'votes'}
          </span>
        )}
        {section !== 'PAST' && r.reflect_deadline && (
          <span>
            Async: reflecting closes {formatDateTime(r.reflect_deadline)}
            {r.vote_deadline ? `, voting ${formatDateTime(r.vote_deadline)}` : ''}
          </span>
        )}
        {section !== 'PAST' && <span>{r.anonymous ? 'Anonymous' : 'Signed'}</span>}
      </p>
      <div className="retro-actions">
        {section === 'RUNNING' && (
          <Link to={RETRO_PATH} params={{ id: r.id }} className="button button-small" aria-label={`Join ${r.title}`}>
            Join
          </Link>
        )}
        {section === 'PAST' && (
          <Link to={RETRO_PATH} params={{ id: r.id }} aria-label={`Summary of ${r.title}`}>
            Summary
          </Link>
        )}
        {section === 'UPCOMING' && r.viewer_can_facilitate && (
          <>
            <button type="button" className="button button-secondary button-small" onClick={onEdit} aria-label={`Edit ${r.title}`}>
              Edit
            </button>
            <button type="button" className="button button-ghost button-small" onClick={onDelete} aria-label={`Delete ${r.title}`}>
              Delete
            </button>
          </>
        )}
      </div>
    </li>
  );
}

function DeleteRetroDialog({ retro, onClose }: { retro: RetroListEntry; onClose: () => void }) {
  const remove = useDeleteRetro();
  return (
    <ConfirmDialog
      title={`Delete ${retro.title}?`}
      description="The retro has not started, so nothing written in it is lost. This cannot be undone."
      cancelLabel="Keep it"
      confirmLabel="Delete retro"
      busyLabel="Deleting…"
      onClose={onClose}
      onConfirm={async () => {
        await remove.mutateAsync(retro.id);
        showAlert(`${retro.title} was deleted.`, 'success');
      }}
    />
  );
}
