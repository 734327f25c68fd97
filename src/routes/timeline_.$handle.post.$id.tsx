import { createFileRoute } from '@tanstack/react-router';
import { HANDLE } from '../contract/identity';
import { PostView } from '../features/timeline/components/PostView';
import { StateCard } from '../features/timeline/components/StateCard';

const POST_ID = /^\d{1,25}$/;

/** A post's own address. Free: it shows only posts already bought, and never starts a purchase. */
export const Route = createFileRoute('/timeline_/$handle/post/$id')({
  component: PostPage,
});

function PostPage() {
  const { handle, id } = Route.useParams();
  const valid = HANDLE.test(handle) && POST_ID.test(id);
  return (
    <main className="mx-auto min-h-screen max-w-timeline border-slate-200 pb-16 sm:border-x dark:border-slate-800">
      {valid ? (
        <PostView key={`${handle}/${id}`} handle={handle} id={id} />
      ) : (
        <StateCard testId="post-bad-address" title="Not a post address" heading="h1">
          <p>
            A post’s address is /timeline/handle/post/id, with a handle of letters, digits and _ and a numeric id.
            Nothing was bought.
          </p>
        </StateCard>
      )}
    </main>
  );
}
