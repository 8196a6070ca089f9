import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { meQueryOptions } from '../users/api.js';
import { myProfileQueryOptions, personQueryOptions } from './api.js';
import { EmailChangeForm } from './email-change-form.js';
import { accentStyle, useAccent } from './profile-accent.js';
import { ProfileDetails, ProfileHead } from './profile-details.js';
import { ProfileEditForm } from './profile-edit-form.js';
import { ownProfilePath, type ProfileArea } from './profile-links.js';
import './profile.css';

/** /profile/user-profile (and the admin twin): my profile, with editing in place. */
export function OwnProfilePage({ area }: { area: ProfileArea }) {
  const { data: profile } = useSuspenseQuery(myProfileQueryOptions);
  const [editing, setEditing] = useState(false);
  const accent = useAccent();
  return (
    <section className="page profile-page" style={accentStyle(accent)}>
      <ProfileHead profile={profile} />
      {editing ? (
        <>
          <section className="tile" aria-labelledby="edit-profile-title">
            <h2 id="edit-profile-title">Edit your profile</h2>
            <ProfileEditForm profile={profile} onSaved={() => setEditing(false)} onCancel={() => setEditing(false)} />
          </section>
          <section className="tile">
            <EmailChangeForm currentEmail={profile.email} />
          </section>
        </>
      ) : (
        <>
          <div className="profile-actions">
            <button type="button" className="button" onClick={() => setEditing(true)}>
              Edit profile
            </button>
            <Link to="/settings/personal" className="button button-secondary">
              Photo and settings
            </Link>
          </div>
          <ProfileDetails profile={profile} area={area} />
        </>
      )}
    </section>
  );
}

/** /profile/user-profile/$id (and the admin twin): someone's profile, or a clear not-found state. */
export function PersonProfilePage({ id, area }: { id: string; area: ProfileArea }) {
  const { data: profile } = useSuspenseQuery(personQueryOptions(id));
  const { data: me } = useSuspenseQuery(meQueryOptions);
  const accent = useAccent();
  if (!profile) {
    return (
      <div className="state-card" role="alert">
        <h1>Person not found</h1>
        <p>Nobody in your organization has this profile. They may have left, or the link is wrong.</p>
        <Link to={area === 'admin' ? '/admin/profile' : '/profile/user-profile/organization-chart'}>Find people in the organization chart</Link>
      </div>
    );
  }
  return (
    <section className="page profile-page" style={accentStyle(accent)}>
      <ProfileHead profile={profile} />
      {profile.id === me.id && (
        <p className="notice">
          This is your profile. <Link to={ownProfilePath(area)}>Edit it on your own profile page.</Link>
        </p>
      )}
      <ProfileDetails profile={profile} area={area} />
    </section>
  );
}
