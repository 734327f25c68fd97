import { useEffect, useState, type ReactNode } from 'react';
import { copyText } from '../../../lib/clipboard';

/** A button that copies, then says so (or shows the text to copy by hand when the browser refuses). */
export function CopyButton({
  text,
  label,
  done,
  icon,
  testId,
  className,
}: {
  text: string;
  label: string;
  done: string;
  icon: ReactNode;
  testId: string;
  className: string;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'refused'>('idle');
  useEffect(() => {
    if (state !== 'copied') return undefined;
    const timer = setTimeout(() => setState('idle'), 2500);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <>
      <button
        type="button"
        className={className}
        data-testid={testId}
        onClick={() => void copyText(text).then((ok) => setState(ok ? 'copied' : 'refused'))}
      >
        {icon}
        <span aria-live="polite">{state === 'copied' ? done : label}</span>
      </button>
      {state === 'refused' && (
        <p className="px-2 pb-1 text-xs text-slate-600 dark:text-slate-400">
          The browser did not allow copying. Select it: <code className="select-all break-all font-mono">{text}</code>
        </p>
      )}
    </>
  );
}
