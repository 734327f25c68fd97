import { lazy, Suspense } from 'react';
import { InspectCallButton } from './InspectCallButton';

// Apart from InspectCallButton: the menu's popover is the timeline's alone, and a search page does not load it. Should
// its code not come (offline, a deploy replaced it), the latest page's call is offered alone: the page is not lost.
const InspectPagesMenu = lazy(() =>
  import('./InspectPagesMenu').catch(() => ({
    default: ({ pages }: { pages: readonly PageCall[] }) => <InspectCallButton callId={pages.at(-1)!.callId} />,
  })),
);

/** What a page on screen needs for its line in the menu: its purchase, when, and what it cost. */
export interface PageCall {
  callId: string | null;
  boughtAt: number;
  credits: string;
  /** Where the page's answer came from (src/api/purchase/origin.ts); only 'archive' changes the line. */
  origin?: string;
  posts: number;
}

/**
 * For a view of several bought pages (a timeline): one page opens straight away, several offer a menu,
 * so the call behind any page on screen can be inspected, not only the latest.
 */
export function InspectPagesButton({ pages }: { pages: readonly PageCall[] }) {
  if (!pages.some((page) => page.callId)) return null;
  if (pages.length === 1) return <InspectCallButton callId={pages[0]!.callId} />;
  return (
    <Suspense fallback={null}>
      <InspectPagesMenu pages={pages} />
    </Suspense>
  );
}
