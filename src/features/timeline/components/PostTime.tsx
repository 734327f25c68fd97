import { absoluteTime, relativeTime } from '../../../lib/format';

/** "3h" or "Nov 18" on screen, the full local date and time on hover and for machines. */
export function PostTime({ iso }: { iso: string | null }) {
  if (!iso) return null;
  return (
    <time dateTime={iso} title={absoluteTime(iso)} className="whitespace-nowrap text-slate-600 dark:text-slate-400">
      {relativeTime(iso)}
    </time>
  );
}
