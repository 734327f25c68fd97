import type { QuoteItem } from '../../../api/jobs';

const cell = 'px-2 py-1 align-top';

/** Per handle and search: the most pages, how many the archive holds, the most it can cost and, when less, what it likely costs. */
export function QuoteItems({ items }: { items: readonly QuoteItem[] }) {
  return (
    <table className="w-full table-fixed text-sm" data-testid="quote-items">
      <caption className="sr-only">Quote per handle and search</caption>
      <thead className="text-left text-xs text-slate-600 dark:text-slate-400">
        <tr>
          <th scope="col" className={`${cell} w-1/2 font-medium`}>
            Item
          </th>
          <th scope="col" className={`${cell} font-medium`}>
            Pages
          </th>
          <th scope="col" className={`${cell} font-medium`}>
            <span className="hidden sm:inline">In </span>archive
          </th>
          <th scope="col" className={`${cell} text-right font-medium`}>
            At most (credits)
          </th>
        </tr>
      </thead>
      <tbody className="tabular-nums">
        {items.map((item) => (
          <tr
            key={`${item.kind} ${item.subject}`}
            className="border-t border-amber-200 dark:border-amber-900"
            data-testid="quote-item"
          >
            <th scope="row" className={`${cell} break-words text-left font-normal`}>
              {item.kind === 'timeline' ? `@${item.subject}` : `“${item.subject}”`}
            </th>
            <td className={cell}>{item.maxPages}</td>
            <td className={cell} data-testid="quote-item-archived">
              {item.archivedPages}
            </td>
            <td className={`${cell} text-right`}>
              {item.maxCredits}
              {item.likelyCredits !== item.maxCredits && (
                <span className="block text-xs text-slate-600 dark:text-slate-400" data-testid="quote-item-likely">
                  likely {item.likelyCredits}
                </span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
