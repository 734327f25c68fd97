import type { WelcomeLink } from '../../../api/auth/people-admin';
import { CopyButton } from '../../../components/CopyButton';
import { button } from './styles';

/** A welcome link just made, shown this once (the server keeps only its hash) with a copy button. */
export function OneTimeLink({ made, why, onDone }: { made: WelcomeLink; why: string; onDone: () => void }) {
  return (
    <div
      role="status"
      data-testid="welcome-link"
      className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-amber-950/40"
    >
      <p className="font-medium text-slate-900 dark:text-white">
        {why} Send {made.name} this link: it works once, for 24 hours, and is not shown again.
      </p>
      <code className="block break-all rounded bg-white px-2 py-1 font-mono text-xs text-slate-800 dark:bg-slate-900 dark:text-slate-200">
        {made.link}
      </code>
      <div className="flex flex-wrap items-center gap-2">
        <CopyButton text={made.link} label="Copy link" />
        <button type="button" className={button} onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}
