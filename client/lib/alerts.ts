import { ALERT_DISPLAY_MS } from '../../shared/limits.js';
import { createStore } from './store.js';

export type AlertSeverity = 'error' | 'warning' | 'info' | 'success';
export type AlertState = { id: number; severity: AlertSeverity; message: string; durationMs: number } | null;

/** The one transient alert (spec section 2): bottom-left, one at a time. */
export const alertStore = createStore<AlertState>(null);
let nextId = 1;

export function showAlert(message: string, severity: AlertSeverity = 'info', durationMs: number = ALERT_DISPLAY_MS): void {
  alertStore.set({ id: nextId++, severity, message, durationMs });
}

export function closeAlert(): void {
  alertStore.set(null);
}
