import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { FEATURE_AREA_INFO, type FeatureArea } from '../../../../../shared/feature-areas.js';
import { featureAreasQueryOptions, useSetFeatureAreas } from '../../../../features/feature-areas/api.js';
import { showAlert } from '../../../../lib/alerts.js';
import '../../../../features/feature-areas/feature-areas.css';

export const Route = createFileRoute('/_app/admin/settings/pages')({
  loader: ({ context }) => context.queryClient.ensureQueryData(featureAreasQueryOptions),
  component: PagesPage,
});

function PagesPage() {
  const { data: settings } = useSuspenseQuery(featureAreasQueryOptions);
  const save = useSetFeatureAreas();

  function toggle(area: FeatureArea, enabled: boolean, label: string) {
    save.mutate([{ area, enabled }], {
      onSuccess: () => showAlert(`${label} is now ${enabled ? 'on' : 'off'} for everyone in your organization.`, 'success'),
      onError: (error) => showAlert(error.message, 'error'),
    });
  }

  return (
    <section className="page readable">
      <h1>Pages</h1>
      <p>
        Choose which feature areas your organization uses. An area that is off disappears from everyone&apos;s navigation, and its pages tell people that an
        admin switched it off. Data already in an area is kept.
      </p>
      <p className="muted">
        Areas marked &ldquo;Not built yet&rdquo; are planned for a later version of Teamlens: nobody is led to them today, and you can switch them off now so
        that they stay off when they arrive.
      </p>
      {settings.length === 0 ? (
        <p className="muted">No feature areas are available.</p>
      ) : (
        <fieldset className="checkbox-list" aria-describedby="pages-saving">
          <legend className="sr-only">Feature areas</legend>
          <ul className="area-switches">
            {settings.map((s) => {
              const id = `area-${s.area}`;
              return (
                <li key={s.area} className="tile area-switch-row">
                  <input
                    id={id}
                    type="checkbox"
                    role="switch"
                    checked={s.enabled}
                    disabled={save.isPending}
                    aria-describedby={s.built ? `${id}-desc` : `${id}-unbuilt ${id}-desc`}
                    onChange={(e) => toggle(s.area, e.currentTarget.checked, s.label)}
                  />
                  <div>
                    <label htmlFor={id}>{s.label}</label>
                    {!s.built && (
                      <span id={`${id}-unbuilt`} className="area-unbuilt">
                        Not built yet
                      </span>
                    )}
                    <p id={`${id}-desc`} className="muted">
                      {FEATURE_AREA_INFO[s.area].description} {s.enabled ? 'On.' : 'Off.'}
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
      <p id="pages-saving" className="muted" role="status" aria-live="polite">
        {save.isPending ? 'Saving…' : ''}
      </p>
    </section>
  );
}
