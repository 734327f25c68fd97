import { useState } from 'react';
import { PopoverButton } from '../../../components/Popover';
import { clockTime } from '../../../contract/dates/date-format';
import { inspectLink as link } from './InspectCallButton';
import type { PageCall } from './InspectPagesButton';
import { LazyInspectorDialog as Dialog } from './LazyInspectorDialog';
import { creditsText } from '../../../lib/plural';

// Loaded once a timeline shows two pages or more: a first page inspects its one call straight away.

function pageLine(page: PageCall, index: number, pages: readonly PageCall[]): string {
  const first = pages.slice(0, index).reduce((sum, earlier) => sum + earlier.posts, 1);
  const range = page.posts > 0 ? `posts ${first}–${first + page.posts - 1}` : 'no posts';
  const cost = page.origin === 'archive' ? 'from archive, 0 credits now' : creditsText(page.credits);
  return `Page ${index + 1} · ${range} · bought ${clockTime(page.boughtAt)} · ${cost}`;
}

/** The menu of the pages on screen, each line opening the call that bought it (InspectPagesButton). */
export default function InspectPagesMenu({ pages }: { pages: readonly PageCall[] }) {
  const [open, setOpen] = useState<string | null>(null);
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
