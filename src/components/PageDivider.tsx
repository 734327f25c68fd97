import { paidForThisLoad } from '../api/purchase/origin';
import { useDateStyle } from '../lib/use-date-style';
import { pageDividerText, type DividedPage } from './page-divider-text';

const TONE = {
  paid: 'text-amber-800 dark:text-amber-300',
  free: 'text-slate-500 dark:text-slate-400',
} as const;

/**
 * A thin rule with small text where a page of a list begins, saying what that page cost and when it was
 * bought. One line whatever the width (the text is cut, never wrapped), so it never changes height and
 * nothing below it moves when its words change (a server-rendered page becoming this browser's copy).
 */
export function PageDivider({ page, className = '' }: { page: DividedPage; className?: string }) {
  const style = useDateStyle();
  const { shown, spoken } = pageDividerText(page, style);
  return (
    <div
      role="separator"
      aria-label={spoken}
      data-testid="page-divider"
      data-origin={page.origin}
      className={`flex items-center gap-2 text-[11px] leading-4 ${paidForThisLoad(page.origin) ? TONE.paid : TONE.free} ${className}`}
    >
      <span aria-hidden="true" className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
      <span aria-hidden="true" className="min-w-0 truncate whitespace-nowrap tabular-nums">
        {shown}
      </span>
      <span aria-hidden="true" className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
    </div>
  );
}
