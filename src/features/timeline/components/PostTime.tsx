import { absoluteTime, relativeTime } from '../../../lib/format';
import { useDateStyle } from '../../../lib/use-date-style';

/** "3h" or "Nov 18" on screen, the full local date and time on hover and for machines. */
export function PostTime({ iso }: { iso: string | null }) {
  const style = useDateStyle();
  if (!iso) return null;
  return (
    <time
      dateTime={iso}
      title={absoluteTime(iso, style)}
      className="whitespace-nowrap text-slate-600 dark:text-slate-400"
    >
      {relativeTime(iso, style)}
    </time>
  );
}
