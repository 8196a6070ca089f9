import type { PassageKind } from '../../../shared/assistant.js';
import { feedbackKind } from './assistant.source-feedback.repo.js';
import { goalCheckInKind, goalKind } from './assistant.source-goals.repo.js';
import { assessmentKind, developmentPlanKind } from './assistant.source-growth.repo.js';
import { noteAgendaKind, noteKind, notePrivateKind } from './assistant.source-notes.repo.js';
import { retroActionKind, retroDiscussionKind, retroReflectionKind } from './assistant.source-retros.repo.js';
import { reviewAnswerKind } from './assistant.source-reviews.repo.js';
import type { SourceKind } from './assistant.sources.js';

/**
 * Every source kind the assistant indexes and reads (docs/decisions/0066), one line each. A kind
 * added here gets its view, triggers and documents when the app next starts (ensureIndex).
 */
export const ASSISTANT_KINDS: readonly SourceKind[] = [
  feedbackKind,
  retroReflectionKind,
  retroDiscussionKind,
  retroActionKind,
  noteKind,
  notePrivateKind,
  noteAgendaKind,
  goalKind,
  goalCheckInKind,
  reviewAnswerKind,
  assessmentKind,
  developmentPlanKind,
];

export const kindOf = (kind: PassageKind): SourceKind => {
  const found = ASSISTANT_KINDS.find((k) => k.kind === kind);
  if (!found) throw new Error(`unknown assistant kind ${kind}`);
  return found;
};
