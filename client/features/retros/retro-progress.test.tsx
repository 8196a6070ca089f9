// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { COMPLETION_COLOURS } from '../../../shared/completion.js';
import { meAs, refusal, stubGraphql } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import type { RetroSprintProgress, RetroTeamProgress, RetroTeamProgressDetail } from './retro-progress.api.js';

cleanUpBetweenTests();
const T = { timeout: 5000 };

const band = (done: number, total: number) => {
  if (total === 0) return null;
  const percent = done >= total ? 100 : Math.floor((done / total) * 100);
  return { percent, band: percent === 100 ? 'complete' : percent >= 80 ? 'almost' : 'behind' } as const;
};
const team = (id: string, name: string, done: number, total: number, extra: Partial<RetroTeamProgress> = {}): RetroTeamProgress => ({
  team: { id, name },
  retros_held: 4,
  last_retro_at: '2026-10-13T10:00:00.000Z',
  participation_percent: 63,
  action_items_total: total,
  action_items_done: done,
  completion: band(done, total),
  ...extra,
});
const sprint = (n: number, done: number, total: number, held: string): RetroSprintProgress => ({
  retro_id: `r${n}`,
  title: `Sprint ${n} retro`,
  sprint_name: n === 4 ? 'Sprint 4' : null,
  held_at: held,
  participants: 3,
  team_size: 4,
  action_items_total: total,
  action_items_done: done,
  completion: band(done, total),
});
const HELD = ['2026-09-01T10:00:00.000Z', '2026-09-15T10:00:00.000Z', '2026-09-29T10:00:00.000Z', '2026-10-13T10:00:00.000Z'];
const detail: RetroTeamProgressDetail = {
  summary: team('falcons', 'Falcons', 263, 305),
  sprints: [sprint(1, 79, 100, HELD[0]!), sprint(2, 80, 100, HELD[1]!), sprint(3, 99, 100, HELD[2]!), sprint(4, 5, 5, HELD[3]!)],
  health_trend: [
    {
      statement: 'We ship often.',
      points: [
        { retro_id: 'r1', held_at: HELD[0]!, answers: 3, average: 4 },
        { retro_id: 'r2', held_at: HELD[1]!, answers: 2, average: null },
        { retro_id: 'r3', held_at: HELD[2]!, answers: 4, average: 3.5 },
      ],
    },
    {
      statement: 'We help each other.',
      points: [
        { retro_id: 'r1', held_at: HELD[0]!, answers: 2, average: null },
        { retro_id: 'r2', held_at: HELD[1]!, answers: 4, average: 4.75 },
        { retro_id: 'r3', held_at: HELD[2]!, answers: 5, average: 4.2 },
      ],
    },
  ],
  themes: [
    { term: 'slow', retros: 3, mentions: 5 },
    { term: 'release notes', retros: 2, mentions: 2 },
  ],
};

it('lists the teams with participation and an action-item bar coloured by the shared bands, each linking to its detail', async () => {
  stubGraphql(
    {
      RetroTeamProgress: () => ({
        data: {
          retroTeamProgress: [
            team('eagles', 'Eagles', 0, 0, { retros_held: 0, last_retro_at: null, participation_percent: null }),
            team('falcons', 'Falcons', 79, 100),
            team('owls', 'Owls', 80, 100),
            team('hawks', 'Hawks', 100, 100),
          ],
        },
      }),
    },
    { me: meAs('ADMIN') },
  );
  await renderSignedIn('/professional-development/sprint-retro/team-progress');
  expect(await screen.findByRole('heading', { name: 'Retro team progress', level: 1 }, T)).toBeTruthy();
  const rows = within(screen.getByRole('table', { name: 'Retro progress per team' }))
    .getAllByRole('row')
    .slice(1);
  expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['Eagles', 'Falcons', 'Owls', 'Hawks']);
  expect(within(rows[0]!).getByText('No retro yet')).toBeTruthy();
  expect(within(rows[0]!).getByText('No action items')).toBeTruthy();
  expect(rows[0]!.querySelector('[role="progressbar"]')).toBeNull();
  for (const [i, b, label] of [
    [1, 'behind', 'Behind'],
    [2, 'almost', 'Almost'],
    [3, 'complete', 'Complete'],
  ] as const) {
    const meter = rows[i]!.querySelector('.tp-meter') as HTMLElement;
    expect(meter.dataset.band).toBe(b);
    expect(meter.style.getPropertyValue('--completion-fill')).toBe(COMPLETION_COLOURS[b].fill);
    expect(within(rows[i]!).getByText(label)).toBeTruthy();
  }
  expect(within(rows[1]!).getByRole('progressbar').getAttribute('aria-valuetext')).toBe('79 of 100 done (79%): Behind');
  expect(within(rows[1]!).getByText('63%')).toBeTruthy();
  expect(within(rows[1]!).getByText('Oct 13, 2026')).toBeTruthy();
  expect(within(rows[1]!).getByRole('link', { name: 'Falcons' }).getAttribute('href')).toBe('/professional-development/sprint-retro/team-progress/falcons');
});

it('says so when the viewer has no team', async () => {
  stubGraphql({ RetroTeamProgress: () => ({ data: { retroTeamProgress: [] } }) }, { me: meAs('MEMBER') });
  await renderSignedIn('/professional-development/sprint-retro/team-progress');
  expect(await screen.findByText('No team to show', undefined, T)).toBeTruthy();
});

it('shows an error with a retry when the list cannot load', async () => {
  stubGraphql({ RetroTeamProgress: () => refusal('Database is busy.', 'INTERNAL_SERVER_ERROR') }, { me: meAs('MEMBER') });
  await renderSignedIn('/professional-development/sprint-retro/team-progress');
  expect(await screen.findByText('This page could not be shown', undefined, T)).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
});

it('the detail: per-retro bands at 79/80/99/100 %, both charts with their numbers as tables, and recurring themes', async () => {
  const { calls } = stubGraphql(
    { RetroTeamProgressDetail: () => ({ data: { retroTeamProgressDetail: detail } }) },
    { me: meAs('MEMBER', { team: { id: 'falcons', name: 'Falcons' } }) },
  );
  await renderSignedIn('/professional-development/sprint-retro/team-progress/falcons');
  expect(await screen.findByRole('heading', { name: 'Falcons: retro progress', level: 1 }, T)).toBeTruthy();
  expect(calls.find((c) => c.operationName === 'RetroTeamProgressDetail')?.variables).toEqual({ teamId: 'falcons' });

  const retros = within(screen.getByRole('table', { name: /per retro, newest first/ }))
    .getAllByRole('row')
    .slice(1);
  expect(retros.map((r) => [within(r).getByRole('rowheader').textContent, (r.querySelector('.tp-meter') as HTMLElement).dataset.band])).toEqual([
    ['Sprint 4 retroSprint 4', 'complete'],
    ['Sprint 3 retro', 'almost'],
    ['Sprint 2 retro', 'almost'],
    ['Sprint 1 retro', 'behind'],
  ]);
  expect(within(retros[3]!).getByText('3 of 4')).toBeTruthy();
  expect(within(retros[3]!).getByRole('link', { name: 'Sprint 1 retro' }).getAttribute('href')).toBe('/professional-development/sprint-retro/review/r1');

  // Completion chart: one bar per retro in its band's colour, a text summary, and a table with the same numbers.
  const completion = screen.getByRole('img', { name: 'Action-item completion per retro' });
  const bars = [...completion.querySelectorAll('rect')];
  expect(bars.map((b) => b.getAttribute('data-band'))).toEqual(['behind', 'almost', 'almost', 'complete']);
  expect(bars[0]!.getAttribute('fill')).toBe(COMPLETION_COLOURS.behind.fill);
  expect(completion.querySelector('desc')!.textContent).toBe(
    'Action-item completion of 4 retros from Sep 1, 2026 to Oct 13, 2026. Latest: 100% (Complete). 1 complete, 2 almost, 1 behind, 0 without action items.',
  );
  const completionTable = screen.getByRole('table', { name: 'Action-item completion per retro' });
  expect(
    within(completionTable)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.children].map((c) => c.textContent)),
  ).toEqual([
    ['Sprint 1 retro', 'Sep 1, 2026', '79 of 100', '79% (Behind)'],
    ['Sprint 2 retro', 'Sep 15, 2026', '80 of 100', '80% (Almost)'],
    ['Sprint 3 retro', 'Sep 29, 2026', '99 of 100', '99% (Almost)'],
    ['Sprint 4', 'Oct 13, 2026', '5 of 5', '100% (Complete)'],
  ]);

  // Health chart: a line per statement; a retro with fewer than 3 answers has no point (not 0).
  const health = screen.getByRole('img', { name: 'Team health per statement over retros' });
  const ship = health.querySelector('[data-statement="We ship often."]')!;
  expect(ship.querySelectorAll('circle')).toHaveLength(2);
  expect(ship.querySelectorAll('polyline')).toHaveLength(0); // 4, gap, 3.5: no two neighbours to join
  const help = health.querySelector('[data-statement="We help each other."]')!;
  expect(help.querySelectorAll('circle')).toHaveLength(2);
  expect(help.querySelectorAll('polyline')).toHaveLength(1);
  expect(health.querySelector('desc')!.textContent).toBe(
    'We ship often.: from 4.00 to 3.50 out of 5 over 2 retros with 3 or more answers. We help each other.: from 4.75 to 4.20 out of 5 over 2 retros with 3 or more answers.',
  );
  expect(
    within(screen.getByRole('list', { name: 'Statements' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['We ship often.', 'We help each other.']);
  const healthTable = screen.getByRole('table', { name: 'Average health score (1 to 5) per statement and retro' });
  expect(
    within(healthTable)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.children].map((c) => c.textContent)),
  ).toEqual([
    ['Sprint 1 retro', '4.00 (3 answers)', 'Fewer than 3 answers (2)'],
    ['Sprint 2 retro', 'Fewer than 3 answers (2)', '4.75 (4 answers)'],
    ['Sprint 3 retro', '3.50 (4 answers)', '4.20 (5 answers)'],
  ]);
  const toggle = screen.getAllByText('Show as table')[1]!;
  fireEvent.click(toggle);
  expect((toggle.closest('details') as HTMLDetailsElement).open).toBe(true);

  const themes = screen.getByRole('heading', { name: 'Recurring themes' }).parentElement!;
  expect(
    within(themes)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['slowin 3 retros, 5 mentions', 'release notesin 2 retros, 2 mentions']);
});

it('the detail of a team without ended retros, and of a team the viewer may not see', async () => {
  stubGraphql(
    {
      RetroTeamProgressDetail: (v) =>
        v.teamId === 'eagles'
          ? {
              data: {
                retroTeamProgressDetail: {
                  summary: team('eagles', 'Eagles', 0, 0, { retros_held: 0, last_retro_at: null, participation_percent: null }),
                  sprints: [],
                  health_trend: [],
                  themes: [],
                },
              },
            }
          : refusal('Team not found.', 'NOT_FOUND'),
    },
    { me: meAs('MEMBER') },
  );
  await renderSignedIn('/professional-development/sprint-retro/team-progress/eagles');
  expect(await screen.findByText('No ended retro yet', undefined, T)).toBeTruthy();
  expect(screen.queryByRole('img')).toBeNull();
  cleanup();
  await renderSignedIn('/professional-development/sprint-retro/team-progress/owls');
  expect((await screen.findByRole('alert', undefined, T)).textContent).toMatch(/not one whose retros you can see/);
  expect(screen.getByRole('link', { name: '← All teams' })).toBeTruthy();
});
