import { useEffect, useRef, type ReactNode } from 'react';
import { EmptyState } from '../../components/ui/states.js';
import './templates.css';

/**
 * The one template list page (docs/decisions/0075): retro templates and health checks, feedback
 * request templates, review templates and competency tracks configure it. The page: its title,
 * what templates are for, the toggle that shows archived ones, then the areas' lists of cards.
 */

/** The screen's h1; focused when `focus` (a form opens) so keyboard and screen reader users land on it. */
export function FocusedHeading({ children, focus = true }: { children: ReactNode; focus?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <h1 ref={ref} tabIndex={-1}>
      {children}
    </h1>
  );
}

export type ArchivedToggle = { label: string; checked: boolean; onChange: (checked: boolean) => void };

export function TemplateListPage({
  className,
  before,
  title,
  intro,
  action,
  toggle,
  aside = false,
  children,
}: {
  /** The page's own class, next to `page template-page`. */
  className?: string;
  /** Above the title (the area's tabs). */
  before?: ReactNode;
  title: string;
  /** What the templates are for, under the title. */
  intro: ReactNode;
  /** Next to the title: "New template". */
  action?: ReactNode;
  /** Shows archived templates too; none when the viewer has nothing archived to see. */
  toggle?: ArchivedToggle | null;
  /** The action and the toggle stand in a column beside the title and intro, instead of the toggle under the intro. */
  aside?: boolean;
  children: ReactNode;
}) {
  const checkbox = toggle && (
    <label className={aside ? 'template-toggle-aside' : 'checkbox'}>
      <input type="checkbox" checked={toggle.checked} onChange={(e) => toggle.onChange(e.target.checked)} />
      {aside ? ' ' : null}
      {toggle.label}
    </label>
  );
  const heading = <FocusedHeading focus={false}>{title}</FocusedHeading>;
  return (
    <section className={`page template-page${className ? ` ${className}` : ''}`}>
      {before}
      {aside ? (
        <header className="template-page-header">
          <div>
            {heading}
            {intro}
          </div>
          {(action || checkbox) && (
            <div className="template-page-actions">
              {action}
              {checkbox}
            </div>
          )}
        </header>
      ) : (
        <>
          {action ? (
            <div className="row-between">
              {heading}
              {action}
            </div>
          ) : (
            heading
          )}
          {intro}
          {checkbox}
        </>
      )}
      {children}
    </section>
  );
}

/** One kind of template on the page (retro templates, health check sets): its heading, its New button, its list. */
export function TemplateSection({
  id,
  title,
  newLabel,
  onNew,
  children,
}: {
  id: string;
  title: string;
  newLabel: string;
  onNew: () => void;
  children: ReactNode;
}) {
  return (
    <section className="template-section" aria-labelledby={id}>
      <div className="row-between">
        <h2 id={id}>{title}</h2>
        <button type="button" className="button" onClick={onNew}>
          {newLabel}
        </button>
      </div>
      {children}
    </section>
  );
}

/** What a card shows of a template; the area's own content goes in `body`. */
export type TemplateCard = {
  id: string;
  name: string;
  builtIn?: boolean;
  archived?: boolean;
  /** Badges between Built-in and Archived (a review template's type). */
  badges?: ReactNode;
  description?: string | null;
  body?: ReactNode;
  createdBy?: string | null;
  /** Beside the name (how many people a track holds). */
  aside?: ReactNode;
  actions: TemplateAction[];
};

/** A button of a card, named for its template to assistive technology: "Copy Sailboat". */
export type TemplateAction = { label: string; onClick: () => void; tone: 'primary' | 'secondary' | 'ghost'; disabled?: boolean };

const TONE = { primary: 'button button-small', secondary: 'button button-secondary button-small', ghost: 'button button-ghost button-small' };

export function TemplateCards<T>({
  label,
  items,
  card,
  idPrefix,
  heading = 3,
  className = 'card-grid',
  cardClassName,
  badgesInHeading = false,
}: {
  /** The list's accessible name: "Retro templates". */
  label: string;
  items: T[];
  card: (item: T) => TemplateCard;
  /** Prefix of the cards' heading ids. */
  idPrefix: string;
  heading?: 2 | 3;
  className?: string;
  cardClassName?: string;
  /** The Archived badge inside the heading, after the name. */
  badgesInHeading?: boolean;
}) {
  const Heading = heading === 2 ? 'h2' : 'h3';
  return (
    <ul className={className} aria-label={label}>
      {items.map((item) => {
        const c = card(item);
        const headingId = `${idPrefix}-${c.id}`;
        const archived = c.archived && <span className="rt-badge rt-badge-archived">Archived</span>;
        const title = (
          <Heading id={headingId}>
            {c.name}
            {badgesInHeading && archived}
          </Heading>
        );
        return (
          <li key={c.id} className={`tile rt-card${cardClassName ? ` ${cardClassName}` : ''}`} aria-labelledby={headingId}>
            {c.aside ? (
              <div className="rt-card-head">
                {title}
                {c.aside}
              </div>
            ) : (
              title
            )}
            {!badgesInHeading && (c.builtIn || c.archived || c.badges) && (
              <p className="rt-badges">
                {c.builtIn && <span className="rt-badge">Built-in</span>}
                {c.badges}
                {archived}
              </p>
            )}
            {c.description && <p className="muted rt-description">{c.description}</p>}
            {c.body}
            {c.createdBy && <p className="muted">Created by {c.createdBy}</p>}
            {c.actions.length > 0 && (
              <div className="rt-item-actions">
                {c.actions.map((a) => (
                  <button key={a.label} type="button" className={TONE[a.tone]} disabled={a.disabled} onClick={a.onClick} aria-label={`${a.label} ${c.name}`}>
                    {a.label}
                  </button>
                ))}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** Said under a list that has only built-ins: how to get one's own, and how many archived ones the toggle hides. */
export function NoOwnTemplates({ hidden }: { hidden: number }) {
  return (
    <EmptyState title="No templates of your own yet">
      <p>
        Copy a built-in template to adapt it, or create a new one.
        {hidden > 0 ? ` ${hidden} archived ${hidden === 1 ? 'template is' : 'templates are'} hidden.` : ''}
      </p>
    </EmptyState>
  );
}

/** A template picker's options: the built-ins, then the organization's own, each group labelled (an empty group is left out). */
export function TemplateOptionGroups({
  templates,
  labels,
}: {
  templates: ReadonlyArray<{ id: string; name: string; built_in: boolean }>;
  labels: { builtIn: string; own: string };
}) {
  return (
    <>
      {[true, false].map((builtIn) => {
        const group = templates.filter((t) => t.built_in === builtIn);
        return group.length === 0 ? null : (
          <optgroup key={String(builtIn)} label={builtIn ? labels.builtIn : labels.own}>
            {group.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </optgroup>
        );
      })}
    </>
  );
}
