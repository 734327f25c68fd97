import type { ReactNode } from 'react';
import { compactCount, exactCount } from '../../../contract/dates/format';

/**
 * "816.1K" on screen; the exact figure for hover (title), for keyboard focus (a small tip, on the counts
 * that take focus) and for screen readers (hidden text), so the rounding never hides the real number.
 */
export function Count({
  value,
  noun,
  icon,
  strong = false,
  testId,
}: {
  value: number | null;
  noun: string;
  icon?: ReactNode;
  testId?: string;
  /** The profile's headline counts: label shown and a keyboard stop. Post counts stay out of the tab order. */
  strong?: boolean;
}) {
  if (value === null) return null;
  const exact = `${exactCount(value)} ${noun}`;
  return (
    <span
      tabIndex={strong ? 0 : undefined}
      title={exact}
      data-testid={testId}
      data-exact={value}
      // A post's counts take their layout from their row (.post-counts in styles.css): no class per count.
      className={strong ? 'group relative inline-flex items-center gap-1 rounded outline-offset-2' : undefined}
    >
      {icon}
      <span aria-hidden="true" className={strong ? 'font-semibold text-slate-900 dark:text-white' : undefined}>
        {compactCount(value)}
      </span>
      {strong && (
        <span aria-hidden="true" className="text-slate-600 dark:text-slate-400">
          {noun[0]!.toUpperCase() + noun.slice(1)}
        </span>
      )}
      <span className="sr-only">{exact}</span>
      {/* Only a count that takes focus can show it: a timeline would otherwise carry a hidden tip per count. */}
      {strong && (
        <span aria-hidden="true" className="count-exact-tip">
          {exact}
        </span>
      )}
    </span>
  );
}
