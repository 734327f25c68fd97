import type { IgnoredParam } from '../params';

/** Says which parts of the address were not used, instead of guessing silently. */
export function IgnoredNote({ ignored, onDismiss }: { ignored: IgnoredParam[]; onDismiss: () => void }) {
  if (ignored.length === 0) return null;
  return (
    <div role="status" data-testid="ignored-params"
      className="mx-4 mb-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100">
      <p className="font-semibold">Ignored from the address:</p>
      <ul className="mt-1 space-y-0.5">
        {ignored.map((item) => (
          <li key={item.name} className="break-words [overflow-wrap:anywhere]">
            <code className="font-mono">{item.name}={item.value.length > 60 ? `${item.value.slice(0, 60)}…` : item.value}</code> — {item.reason}
          </li>
        ))}
      </ul>
      <button type="button" onClick={onDismiss} className="mt-2 text-xs font-semibold underline hover:no-underline">Dismiss</button>
    </div>
  );
}
