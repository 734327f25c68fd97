import type { ReactNode } from 'react';
import type { FindHit, SnippetRun } from '../../../api/archive-search';
import { Provenance } from './Provenance';

export function Snippet({ runs }: { runs: readonly SnippetRun[] }) {
  return (
    <p className="whitespace-pre-line break-words text-sm text-slate-800 dark:text-slate-200" data-testid="hit-snippet">
      {runs.map((run, index) =>
        run.hit ? (
          <mark
            key={index}
            className="rounded-sm bg-amber-200 px-0.5 text-slate-950 dark:bg-amber-400/40 dark:text-white"
          >
            {run.text}
          </mark>
        ) : (
          <span key={index}>{run.text}</span>
        ),
      )}
    </p>
  );
}

/** A hit: the timeline's own card for a post (given by the route), or a result as the search page lists it with its snippet. */
export function HitCard({ hit, renderPost }: { hit: FindHit; renderPost: (hit: FindHit) => ReactNode }) {
  return (
    <li
      className="border-b border-slate-200 dark:border-slate-800"
      data-testid="find-hit"
      data-kind={hit.kind}
      data-post-id={hit.postId ?? undefined}
    >
      {hit.post ? (
        renderPost(hit)
      ) : (
        <div className="px-4 pt-3">
          {hit.result &&
            (hit.result.href ? (
              <a
                href={hit.result.href}
                rel="noopener noreferrer nofollow"
                target="_blank"
                className="font-semibold text-brand-700 underline dark:text-sky-300"
              >
                {hit.result.title}
              </a>
            ) : (
              <span className="font-semibold">{hit.result.title}</span>
            ))}
          {hit.result && <p className="truncate text-xs text-emerald-800 dark:text-emerald-300">{hit.result.url}</p>}
        </div>
      )}
      {/* A post's card already shows its text (and its time opens the post): the snippet would say it twice. */}
      {!hit.post && (hit.snippet.some((run) => run.hit) || !hit.result) && (
        <div className="px-4 pb-1">
          <Snippet runs={hit.snippet} />
        </div>
      )}
      <Provenance from={hit.from} />
    </li>
  );
}
