import type { CallDetail } from '../../../api/session';
import { CopyAs } from './CopyAs';
import { mono, note, term } from './inspector-style';

/** Which page of what the call asked for, in words: a cursor is "the next page", after one already bought; the raw cursor is in the table below. */
function whatWasAsked({ row }: CallDetail): string {
  const { params } = row;
  if (row.operation === 'search')
    return `Web search for “${String(params.q ?? '')}”: page ${String(params.page ?? 1)}, ${String(params.num ?? 10)} results a page`;
  const who =
    params.screen_name !== undefined ? `@${String(params.screen_name)}` : `user id ${String(params.rest_id ?? '?')}`;
  return params.cursor !== undefined
    ? `Timeline of ${who}: the next page, after one already bought`
    : `Timeline of ${who}: the first page (latest posts)`;
}

const valueText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The request exactly as the proxy sent it upstream, and as curl, HTTPie or fetch (never with the token). */
export function InspectorRequest({ detail }: { detail: CallDetail }) {
  const { request } = detail;
  // A POST's parameters are its JSON body; shown in the same table, so a cursor or a query reads the same way.
  const fields = Object.entries(
    request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : request.params,
  );
  return (
    <section aria-labelledby="inspector-request-heading" className="space-y-2">
      <h3 id="inspector-request-heading" className={term}>
        Request as sent
      </h3>
      <p data-testid="inspector-operation" className="[overflow-wrap:anywhere]">
        {whatWasAsked(detail)}
      </p>
      <p className="break-all font-mono text-sm" data-testid="inspector-request">
        <strong>{request.method}</strong> {request.path}
      </p>
      {fields.length > 0 && (
        <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-0.5" data-testid="inspector-params">
          {fields.map(([key, value]) => (
            <div key={key} className="contents">
              <dt className={`${mono} text-slate-600 dark:text-slate-400`}>{key}</dt>
              <dd className={`${mono} [overflow-wrap:anywhere]`} data-param={key}>
                {valueText(value)}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <p className={note}>
        {request.method === 'GET' ? 'Sent as the query string.' : 'Sent as a JSON body.'} With the Authorization header,
        whose token stays on the server.
      </p>
      <CopyAs request={request} />
    </section>
  );
}
