const bar = 'animate-pulse rounded bg-slate-200 dark:bg-slate-800';

/** Placeholders in the shape of the header and the first posts, so the first paint does not jump. */
export function TimelineSkeleton() {
  return (
    <div data-testid="timeline-skeleton" aria-busy="true" aria-label="Loading timeline">
      <div className={`aspect-[3/1] w-full ${bar} rounded-none`} />
      <div className="px-4 pb-4">
        <div className="-mt-[12%] mb-3 h-20 w-20 rounded-full border-4 border-white bg-slate-300 sm:-mt-16 sm:h-32 sm:w-32 dark:border-slate-950 dark:bg-slate-700" />
        <div className={`h-5 w-48 ${bar}`} />
        <div className={`mt-2 h-4 w-28 ${bar}`} />
        <div className={`mt-4 h-4 w-full ${bar}`} />
        <div className={`mt-2 h-4 w-2/3 ${bar}`} />
      </div>
      {Array.from({ length: 4 }, (_, index) => (
        <PostSkeleton key={index} />
      ))}
    </div>
  );
}

export function PostSkeleton() {
  return (
    <div className="flex gap-3 border-t border-slate-200 px-4 py-3 dark:border-slate-800" aria-hidden="true">
      <div className={`h-10 w-10 shrink-0 rounded-full ${bar}`} />
      <div className="flex-1">
        <div className={`h-4 w-40 ${bar}`} />
        <div className={`mt-2 h-4 w-full ${bar}`} />
        <div className={`mt-2 h-4 w-3/4 ${bar}`} />
        <div className={`mt-3 h-3 w-1/2 ${bar}`} />
      </div>
    </div>
  );
}
