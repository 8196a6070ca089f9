import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { formatDateTime, formatDay } from '../../../shared/format.js';
import { Cite, SourceGroups } from './assistant-answer.js';
import { AssistantPanel } from './assistant-panel.js';
import {
  assistantStatusQueryOptions,
  conversationQueryOptions,
  conversationsQueryOptions,
  useDeleteConversation,
  type StoredMessage,
} from './assistant.api.js';
import './assistant.css';

/**
 * /admin/ai-assistant (docs/decisions/0066): ask anything about the organization that the admin may
 * read themself (the assistant reads as the asker: being an admin opens nothing more), with their own
 * conversations. A stored answer is read again when opened: what is gone or hidden since is not shown.
 */
function StoredMessageView({ m, idPrefix, onAskAgain }: { m: StoredMessage; idPrefix: string; onAskAgain: () => void }) {
  return (
    <article className="ai-message" aria-label={`Asked ${formatDateTime(m.created_at)}`}>
      <h3>{m.question}</h3>
      <p className="muted ai-scope">
        Asked <time dateTime={m.created_at}>{formatDateTime(m.created_at)}</time>
        {m.model_host ? `, summarized by the model at ${m.model_host}` : ', answered from the sources'}.
      </p>
      {m.status === 'NOT_ENOUGH' && <p>There was not enough behind this question when it was asked.</p>}
      {m.model_sentences.length > 0 && (
        <p className="ai-model-text">
          {m.model_sentences.map((s, i) => (
            <span key={i}>
              {s.text.replace(/\s*(\[[\d, ]+\])+\s*([.!?]?)$/, '$2')}{' '}
              {s.cites.map((n) => (
                <Cite key={n} n={n} idPrefix={idPrefix} />
              ))}{' '}
            </span>
          ))}
        </p>
      )}
      {m.groups.length > 0 && <SourceGroups groups={m.groups} idPrefix={idPrefix} />}
      {m.missing > 0 && (
        <p className="muted">
          {m.missing} {m.missing === 1 ? 'passage it showed is' : 'passages it showed are'} gone or no longer yours to read, and not shown.
        </p>
      )}
      <div>
        <button type="button" className="button button-secondary button-small" onClick={onAskAgain}>
          Ask again
        </button>
      </div>
    </article>
  );
}

function Conversation({ id, hide, onAskAgain }: { id: string; hide: string | null; onAskAgain: (question: string) => void }) {
  const conversation = useQuery(conversationQueryOptions(id));
  if (conversation.isPending)
    return (
      <p className="pending" role="status">
        <span className="spinner" aria-hidden="true" /> Loading the conversation…
      </p>
    );
  if (conversation.isError)
    return (
      <p role="alert" className="ai-error">
        The conversation could not be loaded: {conversation.error.message}
      </p>
    );
  const messages = conversation.data.messages.filter((m) => m.id !== hide);
  return (
    <>
      {messages.map((m, i) => (
        <StoredMessageView key={m.id} m={m} idPrefix={`stored${i}`} onAskAgain={() => onAskAgain(m.question)} />
      ))}
    </>
  );
}

export function AssistantAdminPage() {
  const history = useQuery(conversationsQueryOptions);
  const status = useQuery(assistantStatusQueryOptions);
  const remove = useDeleteConversation();
  const [selected, setSelected] = useState<string | null>(null);
  const [live, setLive] = useState<string | null>(null);
  const [preset, setPreset] = useState({ question: '', n: 0 });
  const queryClient = useQueryClient();
  const onSaved = useCallback(
    (conversationId: string, messageId: string) => {
      setSelected(conversationId);
      setLive(messageId);
      void queryClient.invalidateQueries({ queryKey: conversationQueryOptions(conversationId).queryKey });
    },
    [queryClient],
  );
  const open = (id: string | null) => {
    setSelected(id);
    setLive(null);
    setPreset((p) => ({ question: '', n: p.n + 1 }));
  };

  return (
    <section className="page ai-page">
      <div className="row-between">
        <h1>AI assistant</h1>
        <Link to="/admin/ai-assistant/settings" className="button button-secondary">
          Settings
        </Link>
      </div>
      <p className="muted readable">
        Ask about your organization: answers are made of what you may read yourself (being an admin opens nothing more), quoted with a link to where each
        passage lives.{' '}
        {status.data?.model
          ? 'A model your organization set up summarizes them; only the passages shown are sent to it.'
          : 'Nothing is sent anywhere: the answer is the sources themselves.'}
      </p>
      <div className="ai-layout">
        <nav className="ai-history" aria-label="Your conversations">
          <div className="row-between">
            <h2>History</h2>
            <button type="button" className="button button-small" onClick={() => open(null)}>
              New
            </button>
          </div>
          {history.isPending ? (
            <p role="status" className="muted">
              Loading…
            </p>
          ) : history.isError ? (
            <p role="alert" className="ai-error">
              {history.error.message}
            </p>
          ) : history.data.length === 0 ? (
            <p className="muted">No conversation yet. Your questions are kept here for the time your organization chose.</p>
          ) : (
            <ul>
              {history.data.map((c) => (
                <li key={c.id}>
                  <button type="button" aria-current={c.id === selected ? 'true' : undefined} onClick={() => open(c.id)}>
                    {c.title}
                    <time dateTime={c.updated_at}>{formatDay(c.updated_at)}</time>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </nav>
        <div className="ai-main">
          {selected && (
            <div className="row-between">
              <span className="muted">{history.data?.find((c) => c.id === selected)?.title}</span>
              <button
                type="button"
                className="button button-ghost button-small"
                disabled={remove.isPending}
                onClick={() => remove.mutate(selected, { onSuccess: () => open(null) })}
              >
                Delete conversation
              </button>
            </div>
          )}
          {selected && (
            <Conversation
              id={selected}
              hide={live}
              onAskAgain={(question) => {
                setLive(null);
                setPreset((p) => ({ question, n: p.n + 1 }));
              }}
            />
          )}
          <AssistantPanel
            key={preset.n}
            title={selected ? 'Ask a follow-up' : 'Ask a question'}
            question={preset.question}
            conversationId={selected ?? undefined}
            onSaved={onSaved}
            intro="For example: What came up in the Platform team’s retros lately? What do people say about onboarding?"
          />
        </div>
      </div>
    </section>
  );
}
