import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { EmptyState } from '../../components/ui/states.js';
import { meQueryOptions } from '../users/api.js';
import { AssessmentForm } from './assessment-form.js';
import { AssessmentRadar } from './assessment-radar.js';
import { assessablePeopleQueryOptions, assessmentApi, assessmentOverviewQueryOptions, gapInWords, peopleBelow, rowsComparedWith } from './assessment.api.js';
import type { Assessment, AssessmentComparisonRow, AssessmentOverview } from './growth.types.js';
import './assessment.css';
import { formatDay } from '../../../shared/format.js';

const describe = (a: Assessment) =>
  `${a.kind === 'SELF' ? 'Self-assessment' : `Manager assessment by ${a.assessor?.full_name ?? 'a removed account'}`}, ${formatDay(a.submitted_at)}`;

/** /profile/assesment: a person's self and manager assessments side by side, their draft, and their history. */
export function AssessmentPage({ userId }: { userId: string }) {
  const { data: me } = useSuspenseQuery(meQueryOptions);
  const { data: overview } = useSuspenseQuery(assessmentOverviewQueryOptions(userId));
  const queryClient = useQueryClient();
  const api = useMemo(() => assessmentApi(queryClient, userId), [queryClient, userId]);
  const [draft, setDraft] = useState<Assessment | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [compareId, setCompareId] = useState<string | null>(null);
  const isMe = overview.subject.id === me.id;
  const name = overview.subject.full_name;

  async function start() {
    setStartError(null);
    setNotice(null);
    try {
      setDraft(await api.start());
    } catch (err) {
      setStartError(err instanceof Error ? err.message : 'The assessment could not be started.');
    }
  }

  const chosen = overview.history.find((a) => a.id === compareId) ?? null;
  const rows = rowsComparedWith(overview.rows, chosen);
  const action = overview.can_assess_as === 'SELF' ? 'Assess yourself' : `Assess ${name}`;
  const continuing = overview.my_draft ? (overview.can_assess_as === 'SELF' ? 'Continue your self-assessment' : `Continue your assessment of ${name}`) : action;

  return (
    <div className="as-page">
      <header className="as-header">
        <div>
          <h1>{isMe ? 'My assessment' : `Assessment of ${name}`}</h1>
          <p className="muted">
            {overview.placement ? (
              <>
                {name}: <strong>{overview.placement.level.name}</strong> on <strong>{overview.placement.track.name}</strong>
              </>
            ) : (
              `${name} is not placed on a track yet.`
            )}
          </p>
        </div>
        {me.permission_level !== 'MEMBER' && <ReportPicker meId={me.id} admin={me.permission_level === 'ADMIN'} current={userId} />}
      </header>

      {!overview.placement ? (
        <EmptyState title="Not placed on a track yet">
          <p>
            {isMe
              ? 'Ask your manager or an admin to place you on a track and level of the competency framework: then you can assess yourself against it.'
              : `Ask an admin (or ${name}'s manager) to place ${name} on a track and level of the competency framework first.`}
          </p>
          {me.permission_level === 'ADMIN' && (
            <p>
              <Link to="/professional-development">Open the competency framework</Link>
            </p>
          )}
        </EmptyState>
      ) : (
        <>
          {overview.can_assess_as && !draft && (
            <div className="as-start">
              <button type="button" className="button" onClick={() => void start()}>
                {continuing}
              </button>
              {startError && (
                <p role="alert" className="field-error">
                  {startError}
                </p>
              )}
            </div>
          )}
          <p role="status" aria-live="polite" className="as-notice">
            {notice}
          </p>
          {draft && (
            <AssessmentForm
              key={draft.id}
              draft={draft}
              rows={overview.rows}
              subjectName={name}
              api={api}
              onDone={(message) => {
                setDraft(null);
                setNotice(message);
              }}
            />
          )}
          <SideBySide overview={overview} rows={rows} chosen={chosen} onBack={() => setCompareId(null)} />
          <History history={overview.history} compareId={compareId} onCompare={setCompareId} />
        </>
      )}
    </div>
  );
}

function SideBySide({
  overview,
  rows,
  chosen,
  onBack,
}: {
  overview: AssessmentOverview;
  rows: AssessmentComparisonRow[];
  chosen: Assessment | null;
  onBack: () => void;
}) {
  const self = chosen?.kind === 'SELF' ? chosen : overview.self;
  const manager = chosen?.kind === 'MANAGER' ? chosen : overview.manager;
  if (!overview.self && !overview.manager) {
    return (
      <section className="as-section" aria-labelledby="as-compare-title">
        <h2 id="as-compare-title">Side by side</h2>
        <p className="muted">No submitted assessment yet. Once a self-assessment or a manager assessment is submitted, both are shown here with the gaps.</p>
      </section>
    );
  }
  return (
    <section className="as-section as-compare" aria-labelledby="as-compare-title">
      <h2 id="as-compare-title">Side by side</h2>
      <p className="muted">
        Self: {self ? formatDay(self.submitted_at) : 'not submitted yet'}. Manager:{' '}
        {manager ? `${manager.assessor?.full_name ?? 'a removed account'}, ${formatDay(manager.submitted_at)}` : 'not submitted yet'}.
        {chosen && (
          <>
            {' '}
            Comparing with a past {chosen.kind === 'SELF' ? 'self-assessment' : 'manager assessment'}.{' '}
            <button type="button" className="button button-ghost button-small" onClick={onBack}>
              Back to the latest
            </button>
          </>
        )}
      </p>
      <div className="as-compare-grid">
        <AssessmentRadar rows={rows} title={`Ratings of ${overview.subject.full_name}: self, manager and the level's expectation`} />
        <div className="as-table-wrap" role="region" aria-label="Ratings side by side, table" tabIndex={0}>
          <table className="as-table">
            <caption className="sr-only">Ratings side by side</caption>
            <thead>
              <tr>
                <th scope="col">Competency</th>
                <th scope="col">Self</th>
                <th scope="col">Manager</th>
                <th scope="col">Gap</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.competency.id}>
                  <th scope="row">{r.competency.name}</th>
                  <td>{r.self ?? '–'}</td>
                  <td>{r.manager ?? '–'}</td>
                  <td>
                    {r.gap === null ? (
                      ''
                    ) : (
                      <>
                        <span className="as-gap-number">{r.gap > 0 ? `+${r.gap}` : r.gap}</span>{' '}
                      </>
                    )}
                    <span className="as-gap-words">{gapInWords(r.gap)}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}

function History({ history, compareId, onCompare }: { history: Assessment[]; compareId: string | null; onCompare: (id: string | null) => void }) {
  return (
    <section className="as-section" aria-labelledby="as-history-title">
      <h2 id="as-history-title">History</h2>
      {!history.length ? (
        <p className="muted">No submitted assessments yet.</p>
      ) : (
        <ul className="as-history">
          {history.map((a) => (
            <li key={a.id}>
              <span>
                {describe(a)}{' '}
                <span className="muted">
                  ({a.level.name}, {a.track.name})
                </span>
              </span>
              <button
                type="button"
                className="button button-secondary button-small"
                aria-pressed={compareId === a.id}
                aria-label={`Compare: ${describe(a)}`}
                onClick={() => onCompare(compareId === a.id ? null : a.id)}
              >
                {compareId === a.id ? 'Comparing' : 'Compare'}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Managers and admins: whose assessment to show (themself or someone below them). */
function ReportPicker({ meId, admin, current }: { meId: string; admin: boolean; current: string }) {
  const navigate = useNavigate();
  const { data, isPending, isError } = useQuery(assessablePeopleQueryOptions);
  const reports = useMemo(() => (data ? peopleBelow(data, meId, admin).filter((p) => p.status !== 'DEACTIVATED') : []), [data, meId, admin]);
  if (isError) return <p className="muted">Your reports could not be loaded.</p>;
  return (
    <div className="field as-picker">
      <label htmlFor="as-person">Whose assessment</label>
      <select
        id="as-person"
        value={current}
        disabled={isPending}
        onChange={(e) => void navigate({ to: '/profile/assesment', search: e.target.value === meId ? {} : { user: e.target.value } })}
      >
        <option value={meId}>Me</option>
        {!reports.some((p) => p.id === current) && current !== meId && <option value={current}>This person</option>}
        {reports.map((p) => (
          <option key={p.id} value={p.id}>
            {p.full_name}
          </option>
        ))}
      </select>
    </div>
  );
}
