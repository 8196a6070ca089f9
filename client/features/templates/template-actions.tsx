import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { showAlert } from '../../lib/alerts.js';
import type { ReactNode } from 'react';
import { NoOwnTemplates, TemplateCards, type TemplateAction } from './template-list.js';

const messageOf = (err: unknown) => (err instanceof Error ? err.message : 'Something went wrong. Try again.');

type Named = { id: string; name: string };

/**
 * Runs a card's action that needs no question (copy, a restore without one): the outcome is said in
 * an alert; a copy then opens in the editor.
 */
export function templateRunner<T extends Named>(run: (v: { action: 'copy' | 'restore' | 'archive'; id: string }) => Promise<T>, onCopied?: (copy: T) => void) {
  return async (action: 'copy' | 'restore', item: Named) => {
    try {
      const result = await run({ action, id: item.id });
      if (action === 'copy') {
        showAlert(`${result.name} was created. Edit it below.`, 'success');
        onCopied?.(result);
      } else showAlert(`${result.name} was restored.`, 'success');
    } catch (err) {
      showAlert(messageOf(err), 'error');
    }
  };
}

/** What archiving (or restoring) a template means in its area, as the question says it. */
export type ArchiveWording = {
  /** "template", "health check". */
  kind: string;
  /** What archiving changes: "It will no longer be offered for new retros. ..." */
  archive: string;
  /** What restoring changes, when restoring asks first too. */
  restore?: string;
};

/**
 * Asks before archiving a template (and, where the area asks, before restoring it): it is no longer
 * offered for new work, and what already uses it keeps its own copy.
 */
export function ArchiveTemplateDialog({
  template,
  archiving = true,
  wording,
  onConfirm,
  onClose,
}: {
  template: Named;
  archiving?: boolean;
  wording: ArchiveWording;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      title={`${archiving ? 'Archive' : 'Restore'} ${template.name}?`}
      description={archiving ? wording.archive : wording.restore}
      confirmLabel={`${archiving ? 'Archive' : 'Restore'} ${wording.kind}`}
      busyLabel={archiving ? 'Archiving…' : 'Restoring…'}
      onClose={onClose}
      onConfirm={async () => {
        await onConfirm();
        showAlert(`${template.name} was ${archiving ? 'archived' : 'restored'}.`, 'success');
      }}
    />
  );
}

/**
 * The actions of a card of a template anyone may copy: Edit (not archived) and Archive or Restore for
 * those who may change it, Copy for everyone. Copy and Restore wait while another action runs.
 */
export function cardActions(
  t: { can_manage: boolean; archived: boolean },
  busy: boolean,
  on: { edit: () => void; copy: () => void; restore: () => void; archive: () => void },
): TemplateAction[] {
  return [
    ...(t.can_manage && !t.archived ? [{ label: 'Edit', tone: 'primary' as const, onClick: on.edit }] : []),
    { label: 'Copy', tone: 'secondary', disabled: busy, onClick: on.copy },
    ...(t.can_manage
      ? [
          t.archived
            ? { label: 'Restore', tone: 'ghost' as const, disabled: busy, onClick: on.restore }
            : { label: 'Archive', tone: 'ghost' as const, onClick: on.archive },
        ]
      : []),
  ];
}

/** A template anyone may copy, as its list reads it (feedback request templates, retro templates and health checks). */
type Copyable = Named & { built_in: boolean; archived: boolean; can_manage: boolean; created_by: { full_name: string } | null; description?: string };

/**
 * The cards of templates anyone may copy, next to built-ins: archived ones only when asked, each with
 * its actions (cardActions); with `sayWhenNoneOwn`, a word when the organization has none of its own.
 */
export function CopyableTemplateCards<T extends Copyable>({
  label,
  idPrefix,
  className,
  items,
  showArchived,
  busy,
  run,
  onEdit,
  onArchive,
  body,
  sayWhenNoneOwn = false,
}: {
  label: string;
  idPrefix: string;
  className: string;
  items: T[];
  showArchived: boolean;
  /** Another action runs: Copy and Restore wait. */
  busy: boolean;
  run: (action: 'copy' | 'restore', item: T) => Promise<void>;
  onEdit: (item: T) => void;
  onArchive: (item: T) => void;
  /** The area's own content of a card (prompts, questions, statements). */
  body: (item: T) => ReactNode;
  sayWhenNoneOwn?: boolean;
}) {
  const shown = items.filter((t) => showArchived || !t.archived);
  const hidden = showArchived ? 0 : items.filter((t) => t.archived).length;
  return (
    <>
      <TemplateCards
        label={label}
        idPrefix={idPrefix}
        items={shown}
        className={className}
        card={(t) => ({
          id: t.id,
          name: t.name,
          builtIn: t.built_in,
          archived: t.archived,
          description: t.description,
          createdBy: t.created_by?.full_name,
          body: body(t),
          actions: cardActions(t, busy, {
            edit: () => onEdit(t),
            copy: () => void run('copy', t),
            restore: () => void run('restore', t),
            archive: () => onArchive(t),
          }),
        })}
      />
      {sayWhenNoneOwn && !shown.some((t) => !t.built_in) && <NoOwnTemplates hidden={hidden} />}
    </>
  );
}
