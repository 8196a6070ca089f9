import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Avatar } from '../../components/ui/avatar.js';
import type { ChartPerson } from './api.js';
import { buildChart, findMatches, normalizeName, PAGE_SIZE, pathsTo, visibleRows, type ChartRow } from './org-chart.tree.js';
import { personPath, type ProfileArea } from './profile-links.js';
import './profile.css';

/** Search results expand at most this many paths; the count says when there are more. */
export const MAX_SHOWN_MATCHES = 50;

function Highlighted({ name, query }: { name: string; query: string }) {
  const needle = normalizeName(query);
  if (!needle) return <>{name}</>;
  // Match on the normalized name; NFD keeps one base letter per original character here for names in Latin scripts.
  const plain = name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const at = plain.length === name.length ? plain.indexOf(needle) : -1;
  if (at < 0) return <>{name}</>;
  return (
    <>
      {name.slice(0, at)}
      <mark>{name.slice(at, at + needle.length)}</mark>
      {name.slice(at + needle.length)}
    </>
  );
}

/**
 * Who reports to whom: a WAI-ARIA tree (arrow keys move, Right/Left open and close,
 * Enter opens the profile, Home/End jump), searchable by name.
 */
export function OrgChart({ people, area }: { people: readonly ChartPerson[]; area: ProfileArea }) {
  const chart = useMemo(() => buildChart(people), [people]);
  const defaultExpanded = useMemo(() => new Set(chart.roots.length <= 10 ? chart.roots : []), [chart]);
  const [expanded, setExpanded] = useState<Set<string>>(defaultExpanded);
  const [shown, setShown] = useState<Map<string, number>>(new Map());
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState<{ matches: string[]; pinned: Set<string> }>({ matches: [], pinned: new Set() });
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const focusNext = useRef(false);
  const treeRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const searchId = useId();

  const rows = useMemo(() => visibleRows(chart, expanded, shown, search.pinned), [chart, expanded, shown, search.pinned]);
  const matchSet = useMemo(() => new Set(search.matches.slice(0, MAX_SHOWN_MATCHES)), [search.matches]);
  const active = rows.find((r) => r.key === activeKey) ?? rows[0];

  useEffect(() => {
    if (!focusNext.current || !active) return;
    focusNext.current = false;
    const rows = treeRef.current?.querySelectorAll<HTMLElement>('[data-key]') ?? [];
    for (const row of rows) if (row.dataset.key === active.key) row.focus();
  }, [active]);

  function onSearch(value: string) {
    setQuery(value);
    const matches = findMatches(chart, value);
    const { ancestors, pinned } = pathsTo(chart, matches.slice(0, MAX_SHOWN_MATCHES));
    setSearch({ matches, pinned });
    setExpanded(value.trim() ? ancestors : defaultExpanded);
    setActiveKey(matches[0] ?? null);
  }

  const toggle = (id: string, open?: boolean) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (open ?? !next.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });

  const showMore = (parentKey: string) => setShown((prev) => new Map(prev).set(parentKey, (prev.get(parentKey) ?? PAGE_SIZE) + PAGE_SIZE));

  function moveTo(row: ChartRow | undefined) {
    if (!row) return;
    focusNext.current = true;
    setActiveKey(row.key);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!active) return;
    const index = rows.indexOf(active);
    const parentRow = () => rows.find((r) => r.kind === 'person' && r.id === active.parentId);
    const keys: Record<string, () => void> = {
      ArrowDown: () => moveTo(rows[index + 1]),
      ArrowUp: () => moveTo(rows[index - 1]),
      Home: () => moveTo(rows[0]),
      End: () => moveTo(rows[rows.length - 1]),
      ArrowRight: () => {
        if (active.kind !== 'person' || active.childCount === 0) return;
        if (!active.expanded) toggle(active.id, true);
        else moveTo(rows[index + 1]);
      },
      ArrowLeft: () => {
        if (active.kind === 'person' && active.expanded) toggle(active.id, false);
        else moveTo(parentRow());
      },
      Enter: () => {
        if (active.kind === 'more') showMore(active.parentKey);
        else void navigate({ to: personPath(area), params: { id: active.id } });
      },
      ' ': () => {
        if (active.kind === 'more') showMore(active.parentKey);
        else if (active.childCount > 0) toggle(active.id);
      },
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  }

  const matchCount = search.matches.length;
  return (
    <div className="org-chart">
      <div className="field org-chart-search">
        <label htmlFor={searchId}>Find a person</label>
        <input id={searchId} type="search" value={query} onChange={(e) => onSearch(e.target.value)} placeholder="Type a name" autoComplete="off" />
      </div>
      <p className="muted org-chart-status" role="status" aria-live="polite">
        {query.trim()
          ? matchCount === 0
            ? `Nobody is called “${query.trim()}”.`
            : `${matchCount} ${matchCount === 1 ? 'person matches' : 'people match'}${matchCount > MAX_SHOWN_MATCHES ? `; the first ${MAX_SHOWN_MATCHES} are shown` : ''}.`
          : `${people.length} ${people.length === 1 ? 'person' : 'people'}. Use the arrow keys to move through the chart.`}
      </p>
      <div ref={treeRef} role="tree" aria-label="Organization chart" className="org-tree" onKeyDown={onKeyDown}>
        {rows.map((row) => {
          const tabIndex = row === active ? 0 : -1;
          const indent = { paddingInlineStart: `${Math.min(row.level - 1, 12) * 1.25 + 0.25}rem` };
          if (row.kind === 'more') {
            return (
              <div
                key={row.key}
                data-key={row.key}
                role="treeitem"
                aria-level={row.level}
                tabIndex={tabIndex}
                className="org-row org-more"
                style={indent}
                onClick={() => showMore(row.parentKey)}
                onFocus={() => setActiveKey(row.key)}
              >
                Show {Math.min(row.remaining, PAGE_SIZE)} more ({row.remaining} not shown)
              </div>
            );
          }
          const person = chart.nodes.get(row.id)!.person;
          const isMatch = matchSet.has(row.id);
          return (
            <div
              key={row.key}
              data-key={row.key}
              role="treeitem"
              aria-level={row.level}
              aria-setsize={row.setSize}
              aria-posinset={row.posInSet}
              aria-expanded={row.childCount > 0 ? row.expanded : undefined}
              tabIndex={tabIndex}
              className={`org-row${isMatch ? ' org-match' : ''}`}
              style={indent}
              onFocus={() => setActiveKey(row.key)}
            >
              <span className="org-toggle" aria-hidden="true" onClick={() => row.childCount > 0 && toggle(row.id)}>
                {row.childCount > 0 ? (row.expanded ? '▾' : '▸') : ''}
              </span>
              <Avatar userId={person.id} name={person.full_name} size={28} imageUrl={person.profile_picture?.url} />
              <span className="org-text">
                <Link to={personPath(area)} params={{ id: person.id }} tabIndex={-1} className="org-name">
                  <Highlighted name={person.full_name} query={query} />
                </Link>{' '}
                <span className="muted org-meta">
                  {[person.role, person.team?.name, person.status !== 'ACTIVE' ? person.status.toLowerCase() : null].filter(Boolean).join(' · ')}
                  {row.childCount > 0 && ` · ${row.childCount} ${row.childCount === 1 ? 'report' : 'reports'}`}
                </span>
                {isMatch && <span className="sr-only">, matches the search</span>}
              </span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
