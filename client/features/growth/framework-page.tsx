import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Suspense, useId, useState } from 'react';
import { EmptyState, PendingView } from '../../components/ui/states.js';
import { showAlert } from '../../lib/alerts.js';
import { meQueryOptions } from '../users/api.js';
import { builtinTracksQueryOptions, frameworkQueryOptions, useCopyBuiltinTrack, useTrackAction } from './framework.api.js';
import type { CompetencyTrack } from './growth.types.js';
import { Placements } from './placements.js';
import { TrackEditor } from './track-editor.js';
import { TemplateCards, TemplateListPage } from '../templates/template-list.js';
import './framework.css';

const messageOf = (err: unknown) => (err instanceof Error ? err.message : 'Something went wrong. Try again.');
const people = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;

/**
 * The competency framework (/professional-development/framework, docs/decisions/0050): everyone
 * reads the tracks, their levels and what each competency expects; admins copy a built-in track,
 * add and edit tracks, archive and restore them, and place people.
 */
export function FrameworkPage() {
  const { data: tracks } = useSuspenseQuery(frameworkQueryOptions);
  const { data: me } = useSuspenseQuery(meQueryOptions);
  const isAdmin = me.permission_level === 'ADMIN';
  const [showArchived, setShowArchived] = useState(false);
  const [editing, setEditing] = useState<CompetencyTrack | 'new' | null>(null);
  const action = useTrackAction();
  const shown = tracks.filter((t) => showArchived || !t.archived);
  const archived = tracks.filter((t) => t.archived).length;

  async function run(kind: 'archive' | 'restore', track: CompetencyTrack) {
    try {
      await action.mutateAsync({ action: kind, id: track.id });
      showAlert(kind === 'archive' ? `${track.name} was archived: no one new can be placed on it.` : `${track.name} was restored.`, 'success');
    } catch (err) {
      showAlert(messageOf(err), 'error');
    }
  }

  if (editing) {
    return (
      <div className="page fw-page">
        <p>
          <button type="button" className="button button-ghost button-small" onClick={() => setEditing(null)}>
            Back to the framework
          </button>
        </p>
        <TrackEditor track={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
      </div>
    );
  }

  return (
    <TemplateListPage
      className="fw-page"
      title="Competency framework"
      aside
      intro={
        <>
          <p className="muted">
            Tracks, their levels and what each competency expects at each level. Assessments and development plans use them.
            {isAdmin ? '' : ' Admins keep the framework.'}
          </p>
          <p>
            <Link to="/professional-development">Professional development</Link>
          </p>
        </>
      }
      action={
        isAdmin && (
          <button type="button" className="button" onClick={() => setEditing('new')}>
            New track
          </button>
        )
      }
      toggle={isAdmin && archived > 0 ? { label: `Show archived (${archived})`, checked: showArchived, onChange: setShowArchived } : null}
    >
      {shown.length === 0 ? (
        <EmptyState title="No tracks yet">
          {isAdmin ? 'Start from the built-in framework below, or add a track of your own.' : 'Your admins have not set up the competency framework yet.'}
        </EmptyState>
      ) : (
        <TemplateCards
          label="Tracks"
          idPrefix="fw-track"
          heading={2}
          items={shown}
          className="fw-tracks"
          cardClassName="fw-track"
          badgesInHeading
          card={(t) => ({
            id: t.id,
            name: t.name,
            archived: t.archived,
            description: t.description,
            aside: <span className="muted">{people(t.people)}</span>,
            body: (
              <>
                <ol className="fw-levels" aria-label={`Levels of ${t.name}`}>
                  {t.levels.map((l) => (
                    <li key={l.id}>
                      <strong>{l.name}</strong> <span className="muted">· {people(l.people)}</span>
                    </li>
                  ))}
                </ol>
                <TrackDetails track={t} />
              </>
            ),
            actions: isAdmin
              ? [
                  ...(t.archived ? [] : [{ label: 'Edit', tone: 'secondary' as const, onClick: () => setEditing(t) }]),
                  {
                    label: t.archived ? 'Restore' : 'Archive',
                    tone: 'ghost',
                    disabled: action.isPending,
                    onClick: () => void run(t.archived ? 'restore' : 'archive', t),
                  },
                ]
              : [],
          })}
        />
      )}

      {isAdmin && <BuiltinTracks />}
      {isAdmin && (
        <Suspense fallback={<PendingView label="Loading placements…" />}>
          <Placements tracks={tracks} />
        </Suspense>
      )}
    </TemplateListPage>
  );
}

/** What each competency expects per level: one competency at a time, its levels stacked (readable on a phone). */
function TrackDetails({ track }: { track: CompetencyTrack }) {
  const [open, setOpen] = useState<string>(track.competencies[0]?.id ?? '');
  const selectId = useId();
  const competency = track.competencies.find((c) => c.id === open) ?? track.competencies[0];
  return (
    <details className="fw-details">
      <summary>Competencies and expectations ({track.competencies.length})</summary>
      <div className="field">
        <label htmlFor={selectId}>Competency</label>
        <select id={selectId} value={competency?.id ?? ''} onChange={(e) => setOpen(e.target.value)}>
          {track.competencies.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      {competency && (
        <div className="fw-read">
          {competency.description && <p className="muted">{competency.description}</p>}
          <dl className="fw-read-levels">
            {track.levels.map((l) => (
              <div key={l.id}>
                <dt>{l.name}</dt>
                <dd>{competency.expectations.find((e) => e.level_id === l.id)?.text || <span className="muted">Nothing written yet.</span>}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </details>
  );
}

/** The built-in tracks (written for Teamlens) an admin copies into the organization and edits. */
function BuiltinTracks() {
  const { data, isPending, error } = useQuery(builtinTracksQueryOptions);
  const copy = useCopyBuiltinTrack();
  const headingId = useId();

  async function onCopy(key: string, name: string) {
    try {
      const made = await copy.mutateAsync(key);
      showAlert(`${name} was copied as ${made.name}: edit it to fit your organization.`, 'success');
    } catch (err) {
      showAlert(messageOf(err), 'error');
    }
  }

  return (
    <section className="fw-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Start from the built-in framework</h2>
      <p className="muted">Tracks for software engineering written for Teamlens. Copy one, then rename levels, change expectations or add competencies.</p>
      {isPending ? (
        <PendingView label="Loading the built-in tracks…" />
      ) : error ? (
        <p role="alert" className="form-error">
          {messageOf(error)}
        </p>
      ) : (
        <ul className="fw-builtins" aria-label="Built-in tracks">
          {data!.map((b) => (
            <li key={b.key} className="tile fw-builtin" aria-labelledby={`fw-builtin-${b.key}`}>
              <h3 id={`fw-builtin-${b.key}`}>{b.name}</h3>
              <p className="muted">{b.description}</p>
              <p>
                <strong>Levels:</strong> {b.levels.join(', ')}
              </p>
              <p>
                <strong>Competencies:</strong> {b.competencies.join(', ')}
              </p>
              {b.copied && <p className="muted">Already copied into your organization; copying again makes another copy.</p>}
              <button
                type="button"
                className="button button-secondary button-small"
                disabled={copy.isPending}
                onClick={() => void onCopy(b.key, b.name)}
                aria-label={`Copy ${b.name}`}
              >
                Copy
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
