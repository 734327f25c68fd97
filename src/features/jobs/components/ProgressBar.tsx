/** A labelled bar with its figures beside it; the figures are also its accessible value. */
export function ProgressBar({
  label,
  value,
  text,
  tone = 'brand',
  testId,
}: {
  label: string;
  value: number;
  text: string;
  tone?: 'brand' | 'amber' | 'slate';
  testId?: string;
}) {
  const fill = {
    brand: 'bg-brand-600 dark:bg-brand-500',
    amber: 'bg-amber-600 dark:bg-amber-500',
    slate: 'bg-slate-500 dark:bg-slate-400',
  }[tone];
  return (
    <div className="min-w-0" data-testid={testId}>
      <div className="flex items-baseline justify-between gap-2 text-xs">
        <span className="font-medium text-slate-700 dark:text-slate-300">{label}</span>
        <span
          className="tabular-nums text-slate-800 dark:text-slate-200"
          data-testid={testId ? `${testId}-text` : undefined}
        >
          {text}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={text}
        className="mt-0.5 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div
          className={`h-full rounded-full transition-[width] motion-reduce:transition-none ${fill}`}
          style={{ width: `${value}%` }}
        />
      </div>
    </div>
  );
}
