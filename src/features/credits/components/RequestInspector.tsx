import { useQuery } from '@tanstack/react-query';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { Spinner } from '../../../components/Spinner';
import { callDetailQueryOptions, type CallDetail } from '../../../api/session-calls';
import { InspectorRequest } from './InspectorRequest';
import { InspectorResponse } from './InspectorResponse';
import { CHARGED_WORDS, term } from './inspector-style';

function Facts({ detail }: { detail: CallDetail }) {
  const { row } = detail;
  const facts: [string, string][] = [
    ['Status', `${row.status || '—'}${row.ok ? ' OK' : ` failed${row.errorKind ? ` (${row.errorKind})` : ''}`}`],
    ['Credits', `${row.credits} (${CHARGED_WORDS[row.charged]})`],
    ['Time', new Date(row.at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' })],
    ['Duration', `${row.durationMs} ms`],
    ['Attempts', String(row.attempts.length)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-x-3 gap-y-2 sm:grid-cols-5" data-testid="inspector-facts">
      {facts.map(([name, value]) => (
        <div key={name} className="min-w-0">
          <dt className={term}>{name}</dt>
          <dd className="tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Everything about one paid call, by ledger id, whichever process made it: request, outcome, cost, headers and raw answer. */
export function RequestInspector({ callId }: { callId: string }) {
  const { data, error, isPending } = useQuery(callDetailQueryOptions(callId));
  if (isPending) return <Spinner label="Loading the call…" />;
  if (error) return <ErrorPanel error={error} compact />;
  return (
    <div className="space-y-5 text-sm">
      <Facts detail={data} />
      <InspectorRequest detail={data} />
      <InspectorResponse detail={data} />
    </div>
  );
}
