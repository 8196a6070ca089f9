// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { signIn } from '../../test/render-route.js';
import { endedRetro } from './retro-fixtures.test-support.js';
import { RetroSummary } from './retro-summary.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('shows topics by votes with their reflections and comments, action items, participation and only the health results that may be shown', () => {
  render(<RetroSummary retro={endedRetro()} />);
  const topics = screen.getAllByRole('listitem').filter((li) => li.classList.contains('retro-topic'));
  expect(topics.map((t) => within(t).getByRole('heading', { level: 3 }).textContent)).toEqual(['Deploys', 'Reviews']);
  expect(topics[0]!.textContent).toContain('5 votes');
  const deploys = within(topics[0]!).getByRole('list', { name: 'Reflections in Deploys' });
  expect(
    within(deploys)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['StopDeploys break on Fridays · Grace Hopper', 'StartA checklist before each deploy · Ada Lovelace']);
  const comments = within(topics[0]!).getByRole('list', { name: 'Comments on Deploys' });
  expect(
    within(comments)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['Grace HopperFriday freeze agreed.\nRevisit in January.', 'Ada LovelaceI will write the checklist.']);

  const actions = screen.getByRole('table');
  expect(within(actions).getByRole('row', { name: /Write the deploy checklist/ }).textContent).toBe('Write the deploy checklistGrace HopperDec 4, 2026Open');
  expect(screen.getByRole('progressbar', { name: /Action items done/ })).toBeTruthy();

  const participation = screen.getByRole('region', { name: 'Participation' });
  expect(participation.textContent).toContain('4 of 6 people took part (the team when the retro ended)');
  expect(participation.textContent).toContain('Took part: Ada Lovelace, Grace Hopper');
  expect(participation.textContent).toContain('3 reflections');
  expect(participation.textContent).toContain('7 votes cast');

  const health = screen.getByRole('region', { name: 'Team health' });
  expect(health.textContent).toContain('Average 2.5 of 5 from 4 answers');
  expect(health.textContent).toContain('Fewer than 3 answers, not shown.');
});

it('names no author in an anonymous retro', () => {
  render(<RetroSummary retro={endedRetro({ anonymous: true })} />);
  expect(screen.getByRole('region', { name: 'Topics by votes' }).textContent).not.toMatch(/Ada Lovelace|Grace Hopper/);
  // Who took part is signed by design (it never says what anyone wrote).
  expect(screen.getByRole('region', { name: 'Participation' }).textContent).toContain('Took part: Ada Lovelace, Grace Hopper');
  expect(screen.getByRole('list', { name: 'Reflections in Deploys' }).textContent).not.toContain('Grace Hopper');
  expect(screen.getByRole('list', { name: 'Comments on Deploys' }).textContent).not.toContain('Grace Hopper');
  expect(screen.getByRole('region', { name: 'Participation' }).textContent).toContain('Reflections were anonymous');
});

it('says so when there is nothing to show, and shows no health section without a health check', () => {
  render(<RetroSummary retro={endedRetro({ groups: [], reflections: [], action_items: [], health_statements: null, health: [] })} />);
  expect(screen.getByText('Nobody wrote a reflection in this retro.')).toBeTruthy();
  expect(screen.getByText('The team agreed no action items in this retro.')).toBeTruthy();
  expect(screen.queryByRole('region', { name: 'Team health' })).toBeNull();
});

it('copies the summary as Markdown and confirms it in a live region', async () => {
  const writeText = vi.fn(async (_text: string) => undefined);
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
  render(<RetroSummary retro={endedRetro()} />);
  fireEvent.click(screen.getByRole('button', { name: 'Copy as Markdown' }));
  await waitFor(() => expect(screen.getByRole('status').textContent).toBe('The summary was copied as Markdown.'));
  expect(screen.getByRole('status').getAttribute('aria-live')).toBe('polite');
  const text = writeText.mock.calls[0]![0];
  expect(text.startsWith('# Sprint 12 retro\n')).toBe(true);
  expect(text).toContain('### 1. Deploys (5 votes)');
  expect(text).toContain('- [ ] Write the deploy checklist (owner: Grace Hopper, due: Dec 4, 2026, status: Open)');
});

it('downloads the CSV from the export endpoint with the access token', async () => {
  await signIn();
  const fetchMock = vi.fn(async () => new Response('a,b\n', { headers: { 'content-disposition': 'attachment; filename="retro.csv"' } }));
  vi.stubGlobal('fetch', fetchMock);
  URL.createObjectURL = () => 'blob:x';
  URL.revokeObjectURL = () => undefined;
  render(<RetroSummary retro={endedRetro()} />);
  fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
  await waitFor(() => expect(screen.getByRole('status').textContent).toBe('The CSV file was downloaded.'));
  const [url, init] = fetchMock.mock.calls[0]! as unknown as [string, RequestInit];
  expect(url).toBe('/api/retros/r1/export.csv');
  expect((init.headers as Record<string, string>).authorization).toMatch(/^Bearer .+/);
});

it('says why a download failed', async () => {
  await signIn();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ message: 'You may not export this retro.' }), { status: 403 })),
  );
  render(<RetroSummary retro={endedRetro()} />);
  fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
  await waitFor(() => expect(screen.getByRole('status').textContent).toBe('You may not export this retro.'));
});
