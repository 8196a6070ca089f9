// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { ALERT_DISPLAY_MS } from '../../../shared/limits.js';
import { closeAlert, showAlert } from '../../lib/alerts.js';
import { AlertHost } from './alert-host.js';

afterEach(() => {
  act(() => closeAlert());
  cleanup();
  vi.useRealTimers();
});

it('shows an error as an alert and closes it after 3,500 ms', () => {
  vi.useFakeTimers();
  render(<AlertHost />);
  act(() => showAlert('Saving failed.', 'error'));
  expect(screen.getByRole('alert').textContent).toContain('Saving failed.');
  act(() => vi.advanceTimersByTime(ALERT_DISPLAY_MS - 1));
  expect(screen.queryByRole('alert')).not.toBeNull();
  act(() => vi.advanceTimersByTime(1));
  expect(screen.queryByRole('alert')).toBeNull();
});

it('shows success as a status message that closes on click', () => {
  render(<AlertHost />);
  act(() => showAlert('Saved.', 'success'));
  expect(screen.getByRole('status').textContent).toContain('Saved.');
  fireEvent.click(screen.getByRole('button', { name: 'Close the message' }));
  expect(screen.queryByRole('status')).toBeNull();
});
