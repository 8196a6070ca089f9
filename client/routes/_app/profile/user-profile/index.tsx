import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { Avatar } from '../../../../components/ui/avatar.js';
import { meQueryOptions } from '../../../../features/users/api.js';

export const Route = createFileRoute('/_app/profile/user-profile/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(meQueryOptions),
  component: MyProfilePage,
});

function MyProfilePage() {
  const { data: me } = useSuspenseQuery(meQueryOptions);
  return (
    <section className="page">
      <div className="profile-head">
        <Avatar userId={me.id} name={me.full_name} size={64} />
        <div>
          <h1>{me.full_name}</h1>
          <p className="muted">{me.role ?? 'No role set'}</p>
        </div>
      </div>
      <dl className="details">
        <dt>Email</dt>
        <dd>{me.email}</dd>
        <dt>Team</dt>
        <dd>{me.team ? <Link to="/profile/team/$id" params={{ id: me.team.id }}>{me.team.name}</Link> : 'No team'}</dd>
        <dt>Manager</dt>
        <dd>{me.manager ? <Link to="/profile/user-profile/$id" params={{ id: me.manager.id }}>{me.manager.full_name}</Link> : 'No manager'}</dd>
        <dt>Permission level</dt>
        <dd>{me.permission_level.toLowerCase()}</dd>
      </dl>
      <p className="muted">Editing your profile (bio, location, time zone, phone, photo) will be available under Settings → Personal.</p>
    </section>
  );
}
