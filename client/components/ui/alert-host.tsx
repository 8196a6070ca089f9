import { useEffect } from 'react';
import { alertStore, closeAlert } from '../../lib/alerts.js';
import { useStore } from '../../lib/store.js';

const LABEL = { error: 'Error', warning: 'Warning', info: 'Information', success: 'Done' } as const;

/** The transient alert at bottom-left: closes on click or after its display time. */
export function AlertHost() {
  const alert = useStore(alertStore);
  useEffect(() => {
    if (!alert) return;
    const timer = setTimeout(closeAlert, alert.durationMs);
    return () => clearTimeout(timer);
  }, [alert]);
  if (!alert) return null;
  const urgent = alert.severity === 'error' || alert.severity === 'warning';
  return (
    <div className="alert-region">
      <div className={`alert alert-${alert.severity}`} role={urgent ? 'alert' : 'status'} data-testid="global-alert">
        <span className="sr-only">{LABEL[alert.severity]}: </span>
        <span>{alert.message}</span>
        <button type="button" className="alert-close" onClick={closeAlert} aria-label="Close the message">
          ×
        </button>
      </div>
    </div>
  );
}
