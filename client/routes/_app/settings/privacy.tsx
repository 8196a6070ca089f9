import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { myProfileQueryOptions } from '../../../features/profile/api.js';
import { CloseAccount } from '../../../features/settings/close-account.js';
import { NotificationChoices } from '../../../features/settings/notification-choices.js';

export const Route = createFileRoute('/_app/settings/privacy')({
  loader: ({ context }) => context.queryClient.ensureQueryData(myProfileQueryOptions),
  component: PrivacyPage,
});

function PrivacyPage() {
  const { data: profile } = useSuspenseQuery(myProfileQueryOptions);
  return (
    <section className="page">
      <h1>Privacy</h1>
      <NotificationChoices key={profile.notifications.join(',')} stored={profile.notifications} />
      <CloseAccount />
    </section>
  );
}
