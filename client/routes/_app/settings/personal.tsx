import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { myProfileQueryOptions } from '../../../features/profile/api.js';
import { ProfileEditForm } from '../../../features/profile/profile-edit-form.js';
import { PhotoUpload } from '../../../features/settings/photo-upload.js';

export const Route = createFileRoute('/_app/settings/personal')({
  loader: ({ context }) => context.queryClient.ensureQueryData(myProfileQueryOptions),
  component: PersonalSettingsPage,
});

function PersonalSettingsPage() {
  const { data: profile } = useSuspenseQuery(myProfileQueryOptions);
  return (
    <section className="page">
      <h1>Personal settings</h1>
      <p className="muted">
        What colleagues see on <Link to="/profile/user-profile">your profile</Link>.
      </p>
      <PhotoUpload profile={profile} />
      <section className="tile" aria-labelledby="personal-details-title">
        <h2 id="personal-details-title">Personal details</h2>
        <ProfileEditForm profile={profile} showRole={false} />
      </section>
    </section>
  );
}
