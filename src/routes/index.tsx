import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { sessionQueryOptions } from '../api/session';
import { BoughtSection } from '../features/home/components/BoughtSection';
import { OpenTimelineCard } from '../features/home/components/OpenTimelineCard';
import { SessionStrip } from '../features/home/components/SessionStrip';
import { WebSearchCard } from '../features/home/components/WebSearchCard';

/** The start page buys nothing: it reads the free session state and lists what the cache already holds. */
export const Route = createFileRoute('/')({
  // The loader stays with the route: it needs nothing beyond the shell's session query (src/routes/credits.tsx).
  codeSplitGroupings: [['component']],
  loader: ({ context }) => void context.queryClient.prefetchQuery(sessionQueryOptions()),
  component: StartPage,
});

function StartPage() {
  const navigate = Route.useNavigate();
  const { data } = useQuery(sessionQueryOptions());
  return (
    <main className="mx-auto max-w-5xl space-y-6 px-3 py-6 sm:space-y-8 sm:py-10">
      <div>
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
          What do you want to look at?
        </h1>
        <p className="mt-1.5 max-w-2xl text-[15px] text-slate-600 dark:text-slate-400">
          Nothing is bought until you press a button that shows its price. Whatever you bought before opens free.
        </p>
      </div>
      <SessionStrip state={data} />
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <OpenTimelineCard
          demo={data?.mode === 'demo'}
          onOpen={(lookup) => void navigate({ to: '/timeline', search: lookup })}
        />
        <WebSearchCard onSearch={(q) => void navigate({ to: '/search', search: { q } })} />
      </div>
      <BoughtSection />
    </main>
  );
}
