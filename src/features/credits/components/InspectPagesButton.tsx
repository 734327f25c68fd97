import { useState } from 'react';
import { PopoverButton } from '../../../components/Popover';
import { clockTime } from '../../../lib/date-format';
import { InspectCallButton, inspectLink as link } from './InspectCallButton';
import { LazyInspectorDialog as Dialog } from './LazyInspectorDialog';
import { creditsText } from '../../../lib/plural';

// Apart from InspectCallButton: the menu's popover is the timeline's alone, and a search page does not load it.

/** What a page on screen needs for its line in the menu: its purchase, when, and what it cost. */
export interface PageCall {
  callId: string | null;
  boughtAt: number;
  credits: string;
  /** Where the page's answer came from (src/api/purchase/origin.ts); only 'archive' changes the line. */
  origin?: string;
  posts: number;
}

function pageLine(page: PageCall, index: number, pages: readonly PageCall[]): string {
  const first = pages.slice(0, index).reduce((sum, earlier) => sum + earlier.posts, 1);
  const range = page.posts > 0 ? `posts ${first}–${first + page.posts - 1}` : 'no posts';
  const cost = page.origin === 'archive' ? 'from archive, 0 credits now' : creditsText(page.credits);
  return `Page ${index + 1} · ${range} · bought ${clockTime(page.boughtAt)} · ${cost}`;
}

/**
 * For a view of several bought pages (a timeline): one page opens straight away, several offer a menu,
 * so the call behind any page on screen can be inspected, not only the latest.
 */
export function InspectPagesButton({ pages }: { pages: readonly PageCall[] }) {
  const [open, setOpen] = useState<string | null>(null);
  const inspectable = pages.filter((page) => page.callId);
  if (inspectable.length === 0) return null;
  if (pages.length === 1) return <InspectCallButton callId={pages[0]!.callId} />;
  return (
    <>
      <PopoverButton
        label="Inspect the call that bought a page…"
        panelLabel="Inspect the call that bought a page"
        className={link}
        testId="inspect-pages"
      >
        <ul>
          {pages.map(
            (page, index) =>
              page.callId && (
                <li key={page.callId}>
                  <button
                    type="button"
                    className="w-full rounded-md px-2 py-1.5 text-left text-xs tabular-nums hover:bg-slate-100 dark:hover:bg-slate-800"
                    onClick={(event) => {
                      event.currentTarget.closest<HTMLElement>('[popover]')?.hidePopover();
                      setOpen(page.callId);
                    }}
                  >
                    {pageLine(page, index, pages)}
                  </button>
                </li>
              ),
          )}
        </ul>
      </PopoverButton>
      <Dialog callId={open} onClose={() => setOpen(null)} />
    </>
  );
}
