import { Link } from '@tanstack/react-router';
import { Avatar } from '../../components/ui/avatar.js';
import type { Profile } from './api.js';
import { personPath, teamPath, type ProfileArea } from './profile-links.js';
import './profile.css';
import { formatTime, isTimeZone } from '../../../shared/format.js';

const localTime = (timeZone: string): string | null => (isTimeZone(timeZone) ? formatTime(new Date(), timeZone) : null);

export function ProfileHead({ profile, headingLevel = 1 }: { profile: Profile; headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className="profile-head profile-banner">
      <Avatar userId={profile.id} name={profile.full_name} size={72} imageUrl={profile.profile_picture?.url} />
      <div>
        <Heading>{profile.full_name}</Heading>
        <p className="muted profile-role">{profile.role ?? 'No role set'}</p>
      </div>
    </div>
  );
}

/** What everyone in the organization may read about a person. */
export function ProfileDetails({ profile, area }: { profile: Profile; area: ProfileArea }) {
  const time = profile.time_zone ? localTime(profile.time_zone) : null;
  const sub = profile.subdepartment;
  return (
    <>
      {profile.bio && (
        <section className="profile-section" aria-labelledby="profile-about">
          <h2 id="profile-about">About</h2>
          <p className="profile-bio">{profile.bio}</p>
        </section>
      )}
      <section className="profile-section" aria-labelledby="profile-contact">
        <h2 id="profile-contact">Work and contact</h2>
        <dl className="details profile-details">
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${profile.email}`}>{profile.email}</a>
          </dd>
          {profile.secondary_emails.length > 0 && (
            <>
              <dt>Other emails</dt>
              <dd>{profile.secondary_emails.map((e) => e.email).join(', ')}</dd>
            </>
          )}
          <dt>Phone</dt>
          <dd>
            {profile.phone_number ? (
              <a href={`tel:${profile.phone_number.replace(/[^+0-9]/g, '')}`}>{profile.phone_number}</a>
            ) : (
              <span className="muted">Not given</span>
            )}
          </dd>
          <dt>Location</dt>
          <dd>{profile.location ?? <span className="muted">Not given</span>}</dd>
          <dt>Time zone</dt>
          <dd>
            {profile.time_zone ? `${profile.time_zone.replace(/_/g, ' ')}${time ? ` (${time} there now)` : ''}` : <span className="muted">Not given</span>}
          </dd>
          <dt>Team</dt>
          <dd>
            {profile.team ? (
              <Link to={teamPath(area)} params={{ id: profile.team.id }}>
                {profile.team.name}
              </Link>
            ) : (
              <span className="muted">No team</span>
            )}
          </dd>
          <dt>Manager</dt>
          <dd>
            {profile.manager ? (
              <Link to={personPath(area)} params={{ id: profile.manager.id }}>
                {profile.manager.full_name}
              </Link>
            ) : (
              <span className="muted">No manager</span>
            )}
          </dd>
          {profile.managed_teams.length > 0 && (
            <>
              <dt>Leads</dt>
              <dd>
                {profile.managed_teams.map((t, i) => (
                  <span key={t.id}>
                    {i > 0 && ', '}
                    <Link to={teamPath(area)} params={{ id: t.id }}>
                      {t.name}
                    </Link>
                  </span>
                ))}
              </dd>
            </>
          )}
          {sub && (
            <>
              <dt>Organization</dt>
              <dd>{`${sub.title} · ${sub.department.name} · ${sub.department.business_unit.unit_name}`}</dd>
            </>
          )}
          {profile.status !== 'ACTIVE' && (
            <>
              <dt>Status</dt>
              <dd>{profile.status === 'INVITED' ? 'Invited, has not signed in yet' : 'Deactivated'}</dd>
            </>
          )}
        </dl>
      </section>
    </>
  );
}
