import { ALERT_DISPLAY_MS } from '../../shared/limits.js';
import { createStore } from './store.js';

export type AlertSeverity = 'error' | 'warning' | 'info' | 'success';
export type AlertState = { id: number; severity: AlertSeverity; message: string; durationMs: number } | null;

/** The one transient alert (docs/product/routes.md): bottom-left, one at a time. */
export const alertStore = createStore<AlertState>(null);
let nextId = 1;

export function showAlert(message: string, severity: AlertSeverity = 'info', durationMs: number = ALERT_DISPLAY_MS): void {
  alertStore.set({ id: nextId++, severity, message, durationMs });
}

export function closeAlert(): void {
  alertStore.set(null);
}

/** Waits for an action: its success as a success alert, its failure's message as an error alert. */
export async function alertOutcome(work: Promise<unknown>, done: string): Promise<void> {
  try {
    await work;
    showAlert(done, 'success');
  } catch (err) {
    showAlert(err instanceof Error ? err.message : 'Something went wrong. Try again.', 'error');
  }
}
