import type { MercuriusContext } from 'mercurius';
import { badInput, notFound } from '../../../shared/app-error.js';
import { ASSISTANT_LIMITS, type AssistantSourceGroup } from '../../../shared/assistant.js';
import { requireViewer } from '../../graphql/context.js';
import type { Viewer } from '../auth/viewer.js';
import type { FeaturePart } from '../feature-part.js';
import { excerpt } from './assistant.answer.js';
import {
  deleteConversation,
  findOwnConversation,
  listOwnConversations,
  messagesOf,
  type ConversationCursor,
  type ConversationRow,
  type MessageRow,
} from './assistant.conversations.repo.js';
import { ASSISTANT_KINDS } from './assistant.kinds.js';
import { loadNlp, toneOf } from './assistant.nlp.js';
import { passageKey } from './assistant.rank.js';
import { nameLookup, type LoadedPassage } from './assistant.sources.js';
import { Analyses } from './assistant.summarize.js';
import { contentStems } from './assistant.words.js';

/**
 * The asker's own history (docs/decisions/0066). A stored answer holds pointers, not quotes: opening
 * it reads each passage again through its kind's `load` (the area's rule, now), so a passage deleted,
 * hidden or no longer readable is gone from the history too (counted in `missing`), and a model
 * sentence is shown only while a passage it cites is.
 */
type Ctx = MercuriusContext;

const encode = (c: ConversationCursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
function decode(after: string): ConversationCursor {
  try {
    const c = JSON.parse(Buffer.from(after, 'base64url').toString('utf8')) as ConversationCursor;
    if (typeof c.u === 'string' && typeof c.i === 'string') return c;
  } catch {
    /* refused below */
  }
  throw badInput('after: not a cursor of this list. Load the list again.', { fields: { after: 'Not a cursor of this list.' } });
}

function own(ctx: Ctx, id: string): { viewer: Viewer; conversation: ConversationRow } {
  const viewer = requireViewer(ctx);
  const conversation = typeof id === 'string' && id ? findOwnConversation(ctx.services.db, viewer.organizationId, viewer.userId, id) : undefined;
  if (!conversation) throw notFound('Conversation');
  return { viewer, conversation };
}

/** One stored message as the viewer may see it now. */
function present(ctx: Ctx, viewer: Viewer, m: MessageRow) {
  const names = nameLookup(ctx.services.db, viewer.organizationId);
  const found = new Map<string, LoadedPassage>();
  for (const kind of ASSISTANT_KINDS) {
    const refs = m.refs.filter((r) => r.kind === kind.kind);
    if (!refs.length) continue;
    for (const p of kind.load(
      { db: ctx.services.db, viewer, names },
      refs.map((r) => r.src),
    ))
      found.set(passageKey(p), p);
  }
  const analyses = new Analyses();
  const terms = new Set(contentStems(m.question));
  const groups: AssistantSourceGroup[] = [];
  const available = new Set<number>();
  m.refs.forEach((ref, i) => {
    const p = found.get(passageKey(ref));
    if (!p || p.fp !== ref.fp) return;
    available.add(i + 1);
    let group = groups.find((g) => g.key === p.group.key);
    if (!group) groups.push((group = { ...p.group, passages: [] }));
    const keyed = { key: passageKey(p), text: p.text };
    group.passages.push({
      n: i + 1,
      kind: p.kind,
      text: excerpt(keyed, terms, analyses),
      at: p.at,
      author: p.author,
      label: p.label,
      tone: p.tone ? toneOf(analyses.of(keyed).sentiment) : null,
    });
  });
  let sentences: Array<{ text: string; cites: number[] }> = [];
  try {
    sentences = m.model_text ? (JSON.parse(m.model_text) as typeof sentences) : [];
  } catch {
    sentences = [];
  }
  return {
    id: m.id,
    question: m.question,
    scope: m.scope,
    created_at: m.created_at,
    status: m.status,
    groups,
    missing: m.refs.length - available.size,
    model_sentences: sentences
      .filter((s) => s.cites.some((n) => available.has(n)))
      .map((s) => ({ text: s.text, cites: s.cites.filter((n) => available.has(n)) })),
    model_host: m.model_host,
  };
}

const assistantHistoryResolvers = {
  Query: {
    assistantConversations: (_: unknown, args: { first?: number | null; after?: string | null }, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      const first = args.first ?? 20;
      if (!Number.isInteger(first) || first < 1 || first > ASSISTANT_LIMITS.historyPageMax) {
        throw badInput(`first: 1 to ${ASSISTANT_LIMITS.historyPageMax} conversations per page.`, {
          fields: { first: `1 to ${ASSISTANT_LIMITS.historyPageMax}.` },
        });
      }
      const rows = listOwnConversations(ctx.services.db, viewer.organizationId, viewer.userId, args.after ? decode(args.after) : null, first + 1);
      const items = rows.slice(0, first);
      const last = items[items.length - 1];
      return { items, next_cursor: rows.length > first && last ? encode({ u: last.updated_at, i: last.id }) : null };
    },
    assistantConversation: (_: unknown, args: { id: string }, ctx: Ctx) => own(ctx, args.id).conversation,
  },
  Mutation: {
    deleteAssistantConversation: (_: unknown, args: { id: string }, ctx: Ctx) => {
      deleteConversation(ctx.services.db, own(ctx, args.id).conversation.id);
      return true;
    },
  },
  AssistantConversation: {
    messages: async (c: ConversationRow, _: unknown, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      if (c.user_id !== viewer.userId) return [];
      await loadNlp(); // passages are cut at sentence ends and toned
      return messagesOf(ctx.services.db, c.id).map((m) => present(ctx, viewer, m));
    },
  },
};

export const assistantHistoryPart: FeaturePart = { resolvers: assistantHistoryResolvers };
