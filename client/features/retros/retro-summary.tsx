import { useState } from 'react';
import { HEALTH_SCALE_LABELS, RETRO_ACTION_STATUS_LABELS, RETRO_LIMITS } from '../../../shared/retros.js';
import { formatDay } from '../../../shared/format.js';
import { CompletionMeter } from '../../components/ui/completion-meter.js';
import { downloadWithToken } from '../../lib/download.js';
import { SendToTracker } from '../integrations/send-to-tracker.js';
import { groupsByVotes, healthText, retroMarkdown, votesText } from './retro-markdown.js';
import { commentAuthor } from './retro-topic-comments.js';
import type { Retro, RetroReflection } from './retro.types.js';
import './retros.css';

/**
 * The SUMMARY view of a retro: topics by votes with their reflections and comments, action items,
 * participation and the health aggregates that may be shown; copy as Markdown and download as CSV.
 * Anonymous retros name no author (the server sends none; this view would not show one anyway).
 */
export function RetroSummary({ retro }: { retro: Retro }) {
  const groups = groupsByVotes(retro.groups);
  const reflectionById = new Map(retro.reflections.map((r) => [r.id, r]));
  const promptById = new Map(retro.prompts.map((p) => [p.id, p]));
  const loose = retro.reflections.filter((r) => !r.group_id && r.text !== null);
  const p = retro.participation;
  const done = retro.action_items.filter((a) => a.status === 'DONE').length;
  const reflectionItem = (r: RetroReflection) => {
    const prompt = promptById.get(r.prompt_id);
    return (
      <li key={r.id} className="retro-reflection" style={prompt ? { borderLeftColor: prompt.colour } : undefined}>
        {prompt && <span className="retro-prompt-tag">{prompt.title}</span>}
        <span className="retro-text">{r.text}</span>
        {!retro.anonymous && r.author && <span className="muted"> · {r.author.full_name}</span>}
      </li>
    );
  };

  return (
    <div className="retro-summary">
      <SummaryActions retro={retro} />

      <section aria-labelledby="retro-participation" className="tile">
        <h2 id="retro-participation">Participation</h2>
        <ul className="retro-facts">
          <li>
            <strong>{p.participants}</strong> of {p.team_size} {p.team_size === 1 ? 'person' : 'people'} took part
            {retro.ended_at ? <span className="muted"> (the team when the retro ended)</span> : null}
          </li>
          <li>
            <strong>{p.reflections}</strong> {p.reflections === 1 ? 'reflection' : 'reflections'}
          </li>
          <li>
            <strong>{p.votes_cast}</strong> {p.votes_cast === 1 ? 'vote' : 'votes'} cast
          </li>
          <li>Reflections were {retro.anonymous ? 'anonymous' : 'signed'}</li>
        </ul>
        {p.people.length > 0 && (
          <p className="retro-took-part">
            <span className="muted">Took part: </span>
            {[...p.people]
              .map((x) => x.full_name)
              .sort((a, b) => a.localeCompare(b))
              .join(', ')}
          </p>
        )}
      </section>

      <section aria-labelledby="retro-topics">
        <h2 id="retro-topics">Topics by votes</h2>
        {groups.length === 0 && loose.length === 0 ? (
          <p className="muted">Nobody wrote a reflection in this retro.</p>
        ) : (
          <ol className="retro-topics">
            {groups.map((g) => {
              const reflections = g.reflection_ids.map((id) => reflectionById.get(id)).filter((r): r is RetroReflection => !!r && r.text !== null);
              return (
                <li key={g.id} className="tile retro-topic" aria-labelledby={`retro-topic-${g.id}`}>
                  <div className="row-between">
                    <h3 id={`retro-topic-${g.id}`}>{g.title}</h3>
                    <span className="retro-votes">{votesText(g.votes)}</span>
                  </div>
                  {reflections.length > 0 && (
                    <ul className="retro-reflections" aria-label={`Reflections in ${g.title}`}>
                      {reflections.map(reflectionItem)}
                    </ul>
                  )}
                  {g.comments.length > 0 && (
                    <div className="retro-notes">
                      <h4>Comments</h4>
                      <ul className="retro-comment-list" aria-label={`Comments on ${g.title}`}>
                        {g.comments.map((c) => (
                          <li key={c.id} className="retro-comment">
                            {(!retro.anonymous || c.from_notes) && <p className="retro-comment-author">{commentAuthor(retro, c)}</p>}
                            <p className="retro-text">{c.text}</p>
                          </li>
                        ))}
                      </ul>
                    </div>
                  )}
                </li>
              );
            })}
          </ol>
        )}
        {loose.length > 0 && (
          <div className="tile retro-topic">
            <h3>Not grouped</h3>
            <ul className="retro-reflections" aria-label="Reflections not grouped">
              {loose.map(reflectionItem)}
            </ul>
          </div>
        )}
      </section>

      <section aria-labelledby="retro-actions">
        <h2 id="retro-actions">Action items</h2>
        {retro.action_items.length === 0 ? (
          <p className="muted">The team agreed no action items in this retro.</p>
        ) : (
          <>
            <CompletionMeter completion={{ done, total: retro.action_items.length }} label="Action items done" />
            <div className="retro-table-wrap">
              <table className="retro-table">
                <caption className="sr-only">Action items of {retro.title}</caption>
                <thead>
                  <tr>
                    <th scope="col">Action</th>
                    <th scope="col">Owner</th>
                    <th scope="col">Due</th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {retro.action_items.map((a) => (
                    <tr key={a.id}>
                      <td className="retro-text">{a.text}</td>
                      <td>{a.owner?.full_name ?? 'Nobody yet'}</td>
                      <td>{a.due_on ? formatDay(a.due_on) : 'No date'}</td>
                      <td>
                        <span className={`retro-status retro-status-${a.status}`}>{RETRO_ACTION_STATUS_LABELS[a.status]}</span>
                        <SendToTracker retroId={retro.id} actionItemId={a.id} actionText={a.text} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>

      {retro.health_statements && retro.health_statements.length > 0 && (
        <section aria-labelledby="retro-health">
          <h2 id="retro-health">Team health</h2>
          <p className="muted">
            From 1 ({HEALTH_SCALE_LABELS[0].toLowerCase()}) to 5 ({HEALTH_SCALE_LABELS[4].toLowerCase()}). A statement is shown only when at least{' '}
            {RETRO_LIMITS.healthMinAnswers} people answered it, so nobody’s score can be told apart.
          </p>
          <ul className="retro-health">
            {[...retro.health]
              .sort((a, b) => a.index - b.index)
              .map((h) => {
                const shown = h.average !== null && h.answers >= RETRO_LIMITS.healthMinAnswers;
                return (
                  <li key={h.index} className="tile">
                    <p className="retro-text">
                      <strong>{h.statement}</strong>
                    </p>
                    {shown ? (
                      <>
                        <p>
                          Average <strong>{h.average!.toFixed(1)}</strong> of 5 from {h.answers} answers
                        </p>
                        {h.distribution && (
                          <p className="muted retro-distribution">
                            {h.distribution.map((n, i) => (
                              <span key={i}>
                                {i + 1}: {n}
                              </span>
                            ))}
                          </p>
                        )}
                      </>
                    ) : (
                      <p className="muted">{healthText(h.average, h.answers).replace(/^f/, 'F')}.</p>
                    )}
                  </li>
                );
              })}
          </ul>
        </section>
      )}
    </div>
  );
}

/** Copy as Markdown (confirmed in an aria-live line) and Download CSV (authenticated download). */
function SummaryActions({ retro }: { retro: Retro }) {
  const [status, setStatus] = useState('');
  const [downloading, setDownloading] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(retroMarkdown(retro));
      setStatus('The summary was copied as Markdown.');
    } catch {
      setStatus('The summary could not be copied: your browser did not allow it.');
    }
  }
  async function download() {
    setDownloading(true);
    setStatus('');
    try {
      await downloadWithToken(`/api/retros/${encodeURIComponent(retro.id)}/export.csv`, `retro-${retro.id}.csv`);
      setStatus('The CSV file was downloaded.');
    } catch (err) {
      setStatus(err instanceof Error ? err.message : 'The download failed.');
    } finally {
      setDownloading(false);
    }
  }
  return (
    <div className="retro-summary-actions">
      <button type="button" className="button button-secondary" onClick={() => void copy()}>
        Copy as Markdown
      </button>
      <button type="button" className="button button-secondary" onClick={() => void download()} disabled={downloading} aria-busy={downloading || undefined}>
        {downloading ? 'Downloading…' : 'Download CSV'}
      </button>
      <p className="retro-live muted" role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
