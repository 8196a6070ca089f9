import { useRouter } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import {
  ASSISTANT_SOURCE_INFO,
  type AssistantAnswer,
  type AssistantPassage,
  type AssistantSourceGroup,
  type AssistantSummary,
} from '../../../shared/assistant.js';
import { formatDay, formatMonth } from '../../../shared/format.js';

/**
 * What an answer shows (docs/decisions/0066): the summaries, all quoted or counted, then the passages
 * grouped by where they live, each numbered (a model's sentences cite those numbers) and linked.
 * `idPrefix` keeps the passage anchors of several answers on one page apart.
 */
const TONE_WORDS = { positive: 'Positive', negative: 'Negative', neutral: 'Neutral' } as const;

export const passageAnchor = (idPrefix: string, n: number) => `${idPrefix}-passage-${n}`;

/** A citation: "[3]" that moves focus to passage 3. */
export function Cite({ n, idPrefix }: { n: number; idPrefix: string }) {
  const go = (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    const target = document.getElementById(passageAnchor(idPrefix, n));
    target?.scrollIntoView?.({ block: 'nearest' });
    target?.focus();
  };
  return (
    <a className="ai-cite" href={`#${passageAnchor(idPrefix, n)}`} onClick={go} aria-label={`Source ${n}`}>
      [{n}]
    </a>
  );
}

/** A link inside the app (a path with its query), followed without reloading the page. */
function AppLink({ to, children }: { to: string; children: string }) {
  const router = useRouter();
  return (
    <a
      href={to}
      onClick={(e) => {
        if (e.button === 0 && !e.metaKey && !e.ctrlKey) {
          e.preventDefault();
          router.history.push(to);
        }
      }}
    >
      {children}
    </a>
  );
}

function Passage({ p, idPrefix }: { p: AssistantPassage; idPrefix: string }) {
  return (
    <li id={passageAnchor(idPrefix, p.n)} tabIndex={-1} className="ai-passage">
      <p className="ai-passage-meta">
        <span className="ai-n" aria-label={`Source ${p.n}`}>
          {p.n}
        </span>
        <span>{p.label}</span>
        {p.author && <span>by {p.author}</span>}
        <time dateTime={p.at}>{formatDay(p.at)}</time>
        {p.tone && <span className={`ai-tone ai-tone-${p.tone}`}>{TONE_WORDS[p.tone]}</span>}
      </p>
      <blockquote className="ai-quote">{p.text}</blockquote>
    </li>
  );
}

export function SourceGroups({ groups, idPrefix }: { groups: AssistantSourceGroup[]; idPrefix: string }) {
  return (
    <ol className="ai-groups" aria-label="Sources">
      {groups.map((g) => (
        <li key={g.key} className="ai-group">
          <h3 className="ai-group-title">
            <AppLink to={g.link}>{g.title}</AppLink>
            <span className="ai-group-source">{ASSISTANT_SOURCE_INFO[g.source].label}</span>
          </h3>
          <ol className="ai-passages">
            {g.passages.map((p) => (
              <Passage key={p.n} p={p} idPrefix={idPrefix} />
            ))}
          </ol>
        </li>
      ))}
    </ol>
  );
}

function Summary({ summary, idPrefix }: { summary: AssistantSummary; idPrefix: string }) {
  const tone = summary.tone;
  const toneTotal = tone ? tone.positive + tone.negative + tone.neutral : 0;
  const toned = new Set(summary.counts.map((c) => (c.kind === 'feedback' ? 'feedback' : c.kind.startsWith('retro_') ? 'retros' : null)));
  const tonedWhat =
    toned.has('feedback') && toned.has('retros') ? 'pieces of feedback and retro notes' : toned.has('feedback') ? 'pieces of feedback' : 'retro notes';
  return (
    <div className="ai-summary">
      {summary.central.length > 0 && (
        <section aria-label="Most central sentences">
          <h3>In their own words</h3>
          <ul className="ai-central">
            {summary.central.map((c, i) => (
              <li key={i}>
                “{c.text}” <Cite n={c.n} idPrefix={idPrefix} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="ai-facts">
        {summary.themes.length > 0 && (
          <section aria-label="Recurring themes">
            <h3>Recurring themes</h3>
            <ul className="ai-themes">
              {summary.themes.map((t) => (
                <li key={t.term}>
                  <strong>{t.term}</strong> in {t.count} passages{' '}
                  <span className="muted">({t.by_month.map((m) => `${formatMonth(m.month)}: ${m.count}`).join(', ')})</span>
                </li>
              ))}
            </ul>
          </section>
        )}
        <section aria-label="What was read">
          <h3>What was read</h3>
          <ul className="ai-counts">
            {summary.counts.map((c) => (
              <li key={c.kind}>
                {c.count} {c.label}
              </li>
            ))}
          </ul>
        </section>
        {tone && toneTotal > 0 && (
          <section aria-label="Tone">
            <h3>Tone</h3>
            <p className="ai-tone-line">
              {tone.positive} positive, {tone.negative} negative, {tone.neutral} neutral{' '}
              <span className="muted">
                of {toneTotal} {tonedWhat}
              </span>
            </p>
          </section>
        )}
      </div>
    </div>
  );
}

/** The sources-only answer; for NOT_ENOUGH, what the server said instead of an answer. */
export function AnswerView({ answer, idPrefix }: { answer: AssistantAnswer; idPrefix: string }) {
  if (answer.status === 'NOT_ENOUGH') {
    return (
      <div className="ai-not-enough">
        <h3>Not enough behind this question</h3>
        <p>{answer.message}</p>
        <p className="muted ai-scope">Looked at: {answer.scope_text}.</p>
      </div>
    );
  }
  return (
    <div className="ai-answer">
      <p className="muted ai-scope">
        From {answer.considered} passages you may read. {answer.scope_text}.
      </p>
      {answer.summary && <Summary summary={answer.summary} idPrefix={idPrefix} />}
      <h3 className="ai-sources-title">Sources</h3>
      <SourceGroups groups={answer.groups} idPrefix={idPrefix} />
    </div>
  );
}
