import type { CallDetail } from '../../../api/session';
import { clockTime } from '../format';
import { CHARGED_WORDS, mono, note, term } from './inspector-style';
import { RawBody } from './RawBody';

function Attempts({ detail }: { detail: CallDetail }) {
  const { attempts } = detail.row;
  const retryAfter = (index: number) => detail.attemptHeaders?.[index]?.['retry-after'];
  const anyRetryAfter = attempts.some((_, index) => retryAfter(index) !== undefined);
  const cell = 'py-1 pr-3';
  return (
    // Focusable: on a phone the table can scroll sideways, and a keyboard must reach what it hides.
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Attempts table">
      <table className="w-full text-sm tabular-nums" data-testid="inspector-attempts">
        <caption className="sr-only">Attempts at the upstream for this one call</caption>
        <thead>
          <tr className="text-left text-xs text-slate-500 dark:text-slate-400">
            <th scope="col" className={`${cell} font-medium`}>
              #
            </th>
            <th scope="col" className={`${cell} font-medium`}>
              Time
            </th>
            <th scope="col" className={`${cell} font-medium`}>
              Status
            </th>
            <th scope="col" className={`${cell} font-medium`}>
              Took
            </th>
            <th scope="col" className={`${cell} font-medium`}>
              Credits
            </th>
            {anyRetryAfter && (
              <th scope="col" className={`${cell} font-medium`}>
                Retry-After
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {attempts.map((attempt, index) => (
            <tr key={index} className="border-t border-slate-100 dark:border-slate-900">
              <td className={cell}>{index + 1}</td>
              <td className={cell}>{clockTime(attempt.at)}</td>
              <td className={cell}>{attempt.status || '—'}</td>
              <td className={cell}>{attempt.durationMs} ms</td>
              <td className={cell}>
                {attempt.credits}{' '}
                <span className="text-xs text-slate-500 dark:text-slate-400">({CHARGED_WORDS[attempt.charged]})</span>
              </td>
              {anyRetryAfter && <td className={cell}>{retryAfter(index) ?? ''}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Headers({ detail }: { detail: CallDetail }) {
  const last = detail.attemptHeaders?.at(-1);
  if (!last) {
    return <p className={note}>Not recorded: this call was settled before creditscope kept response headers.</p>;
  }
  const entries = Object.entries(last);
  if (entries.length === 0)
    return (
      <p className={note}>The upstream sent none of the headers kept here (content type, rate limits, Retry-After).</p>
    );
  return (
    <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-3 gap-y-0.5" data-testid="inspector-headers">
      {entries.map(([name, value]) => (
        <div key={name} className="contents">
          <dt className={`${mono} text-slate-600 dark:text-slate-400`}>{name}</dt>
          <dd className={`${mono} [overflow-wrap:anywhere]`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What came back: each attempt, the headers that explain the answer, and the raw body or why it is gone. */
export function InspectorResponse({ detail }: { detail: CallDetail }) {
  const several = detail.row.attempts.length > 1;
  return (
    <>
      <section aria-labelledby="inspector-attempts-heading" className="space-y-1">
        <h3 id="inspector-attempts-heading" className={term}>
          {several ? `Attempts (${detail.row.attempts.length}, one ledger entry)` : 'Attempt'}
        </h3>
        <Attempts detail={detail} />
      </section>
      <section aria-labelledby="inspector-headers-heading" className="space-y-1">
        <h3 id="inspector-headers-heading" className={term}>
          Response headers{several ? ' (last attempt)' : ''}
        </h3>
        <Headers detail={detail} />
        <p className={note}>
          Only the content type, rate-limit headers and Retry-After are kept; request headers, Authorization included,
          never are.
        </p>
      </section>
      <RawBody detail={detail} />
    </>
  );
}
