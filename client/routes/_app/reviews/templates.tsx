import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { NotAllowedView, PendingView } from '../../../components/ui/states.js';
import { reviewTemplateQueryOptions, reviewTemplatesQueryOptions } from '../../../features/review-templates/review-templates.api.js';
import { ReviewTemplatesPage } from '../../../features/review-templates/review-templates-page.js';
import { openTemplateId, reviewTemplatesSearchSchema } from '../../../features/review-templates/review-templates.search.js';
import { meQueryOptions, viewerAlong } from '../../../features/users/api.js';

/** Review templates: admins and managers (members are told why not, nothing is fetched for them). */
export const Route = createFileRoute('/_app/reviews/templates')({
  validateSearch: reviewTemplatesSearchSchema,
  loaderDeps: ({ search }) => ({ archived: !!search.archived, id: openTemplateId(search) }),
  loader: async ({ context, deps }) => {
    const { me, load } = await viewerAlong(context.queryClient, deps.id ? reviewTemplateQueryOptions(deps.id) : reviewTemplatesQueryOptions(deps.archived));
    if (me.permission_level !== 'MEMBER') await load();
  },
  pendingComponent: () => <PendingView label="Loading review templates…" />,
  component: ReviewTemplatesRoute,
});

function ReviewTemplatesRoute() {
  const { data: me } = useSuspenseQuery(meQueryOptions);
  const search = Route.useSearch();
  if (me.permission_level === 'MEMBER') {
    return (
      <NotAllowedView to="/reviews/pending" linkText="Go to pending reviews">
        Only managers and admins can see review templates. The reviews you are asked to write are under Pending reviews.
      </NotAllowedView>
    );
  }
  return <ReviewTemplatesPage search={search} />;
}
