import { useQuery } from '@tanstack/react-query';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { Spinner } from '../../../components/Spinner';
import { callDetailQueryOptions, type CallDetail } from '../../../api/session';
import { clockTime } from '../format';
import { requestOf } from '../request-of-row';
import { CopyCurl } from './CopyCurl';
import { JsonTree } from './JsonTree';

const term = 'text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400';

function Facts({ detail }: { detail: CallDetail }) {
  const { row } = detail;
  const facts: [string, string][] = [
    ['Status', `${row.status}${row.ok ? ' OK' : ` failed${row.errorKind ? ` (${row.errorKind})` : ''}`}`],
    ['Credits', row.credits],
    ['Duration', `${row.durationMs} ms`],
    ['Time', clockTime(row.at)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="inspector-facts">
      {facts.map(([name, value]) => (
        <div key={name}><dt className={term}>{name}</dt><dd className="tabular-nums">{value}</dd></div>
      ))}
    </dl>
  );
}

function SentRequestView({ detail }: { detail: CallDetail }) {
  const request = requestOf(detail);
  const params = Object.entries(request.params);
  return (
    <section aria-label="Request as sent" className="space-y-2">
      <h3 className={term}>Request as sent</h3>
      <p className="font-mono text-sm" data-testid="inspector-request"><strong>{request.method}</strong> {request.path}</p>
      {params.length > 0 && (
        <table className="text-sm">
          <caption className="sr-only">Query parameters</caption>
          <tbody>
            {params.map(([key, value]) => (
              <tr key={key}><th scope="row" className="pr-3 text-left font-mono font-normal text-slate-600 dark:text-slate-400">{key}</th>
                <td className="break-all font-mono">{typeof value === 'string' ? value : JSON.stringify(value)}</td></tr>
            ))}
          </tbody>
        </table>
      )}
      {request.body !== null && request.body !== undefined && (
        <pre className="overflow-x-auto rounded-md bg-slate-50 p-2 font-mono text-xs dark:bg-slate-900">{JSON.stringify(request.body, null, 2)}</pre>
      )}
      <CopyCurl request={request} />
    </section>
  );
}

/** Everything about one paid call, by ledger id: request as sent, outcome, cost, and the raw response. */
export function RequestInspector({ callId }: { callId: string }) {
  const { data, error, isPending } = useQuery(callDetailQueryOptions(callId));
  if (isPending) return <Spinner label="Loading the call…" />;
  if (error) return <ErrorPanel error={error} compact />;
  return (
    <div className="space-y-4 text-sm">
      <Facts detail={data} />
      <SentRequestView detail={data} />
      <section aria-label="Raw response" className="space-y-1">
        <h3 className={term}>Raw response</h3>
        {data.exchange
          ? <JsonTree text={data.exchange.responseText} />
          : <p className="text-slate-600 dark:text-slate-400">The raw response is no longer held: the server keeps the last 300 exchanges in memory, since it started. The ledger row above is permanent.</p>}
      </section>
    </div>
  );
}
