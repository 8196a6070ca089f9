import type { MassCreateResult } from '../csv-import.upload.js';
import { formatNumber } from '../../../../shared/format.js';

const people = (n: number) => `${formatNumber(n)} ${n === 1 ? 'person' : 'people'}`;
const members = (n: number) => `${formatNumber(n)} ${n === 1 ? 'member' : 'members'}`;

type Props = { result: MassCreateResult; promoteManagers: boolean; onPromoteManagers: (on: boolean) => void; disabled: boolean };

/** What the import does besides creating people, as the server's dry run planned it: managers, teams, company structure. */
export function CsvImportPlan({ result, promoteManagers, onPromoteManagers, disabled }: Props) {
  const { promoted, teams, divisions } = result;
  if (promoted.length === 0 && teams.length === 0 && divisions.length === 0) return null;
  return (
    <div className="csv-plan">
      {promoted.length > 0 && (
        <section aria-labelledby="csv-plan-managers">
          <h3 id="csv-plan-managers">Managers</h3>
          <label className="checkbox">
            <input type="checkbox" checked={promoteManagers} disabled={disabled} onChange={(e) => onPromoteManagers(e.currentTarget.checked)} />
            <span>
              Make the {people(promoted.length)} who manage others Managers <span className="muted">(otherwise they join as Members)</span>
            </span>
          </label>
          <ul className="csv-plan-list">
            {promoted.map((p) => (
              <li key={p.email}>
                <strong>{p.full_name}</strong> <span className="csv-plan-email">{p.email}</span>
                <span className="muted">
                  {' '}
                  · manages {people(p.reports)} · {promoteManagers ? 'becomes a Manager' : 'stays a Member'}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {teams.length > 0 && (
        <section aria-labelledby="csv-plan-teams">
          <h3 id="csv-plan-teams">Teams</h3>
          <ul className="csv-plan-list">
            {teams.map((t) => (
              <li key={t.name}>
                <strong>{t.name}</strong>
                {t.existing ? (
                  <span>
                    : {people(t.joining)} {t.joining === 1 ? 'joins' : 'join'} the existing team {t.name} ({members(t.members_before)}); its manager stays.
                  </span>
                ) : (
                  <span>
                    : new team of {people(t.joining)},{' '}
                    {t.manager_name ? (
                      <>
                        managed by <strong>{t.manager_name}</strong> (the manager its members report to).
                      </>
                    ) : (
                      'no manager yet (its members report to different people); set one on the team page.'
                    )}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {divisions.length > 0 && (
        <section aria-labelledby="csv-plan-divisions">
          <h3 id="csv-plan-divisions">Company structure</h3>
          <ul className="csv-plan-list">
            {divisions.map((d) => (
              <li key={d.name}>
                <strong>{d.name}</strong>: {d.existing ? 'existing business unit' : 'new business unit'}
                {d.departments.length > 0 && <>, with the departments {d.departments.map((dep) => `${dep.name}${dep.existing ? '' : ' (new)'}`).join(', ')}</>}.
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
