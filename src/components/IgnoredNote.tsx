export interface IgnoredParam {
  name: string;
  value: string;
  reason: string;
}

/** The address asked for something the page could not use: say what was ignored instead of guessing silently. */
export function IgnoredNote({
  ignored,
  onDismiss,
  title = 'Ignored from the address:',
  className = '',
}: {
  ignored: readonly IgnoredParam[];
  onDismiss: () => void;
  title?: string;
  className?: string;
}) {
  if (ignored.length === 0) return null;
  return (
    <div
      role="status"
      data-testid="ignored-params"
      className={`rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100 ${className}`}
    >
      <p className="font-semibold">{title}</p>
      <ul className="mt-1 space-y-0.5">
        {ignored.map((item) => (
          <li key={item.name} className="break-words [overflow-wrap:anywhere]">
            <code className="font-mono">
              {item.name}={item.value.length > 60 ? `${item.value.slice(0, 60)}…` : item.value}
            </code>{' '}
            — {item.reason}
          </li>
        ))}
      </ul>
      <button type="button" onClick={onDismiss} className="mt-2 text-xs font-semibold underline hover:no-underline">
        Dismiss
      </button>
    </div>
  );
}
