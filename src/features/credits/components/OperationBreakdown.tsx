import type { SessionState } from '../../../api/session';
import { mulDiv } from '../../../contract/decimal-math';
import { Money } from '../../../components/Money';

const OPERATIONS = [
  { key: 'timeline', name: 'Timeline', endpoint: 'GET /v1/social/microblog/posts' },
  { key: 'search', name: 'Search', endpoint: 'POST /v1/search' },
] as const;

/** Calls and credits per paid operation, with the mean cost per call. */
export function OperationBreakdown({ state }: { state: SessionState }) {
  const { byOperation } = state.session;
  return (
    <table className="w-full text-sm" data-testid="operation-breakdown">
      <caption className="sr-only">Spend per operation</caption>
      <thead>
        <tr className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-500 dark:border-slate-800 dark:text-slate-400">
          <th scope="col" className="py-1.5 pr-2 font-medium">
            Operation
          </th>
          <th scope="col" className="py-1.5 pr-2 text-right font-medium">
            Calls
          </th>
          <th scope="col" className="py-1.5 pr-2 text-right font-medium">
            Credits
          </th>
          <th scope="col" className="py-1.5 text-right font-medium">
            Per call
          </th>
        </tr>
      </thead>
      <tbody>
        {OPERATIONS.map(({ key, name, endpoint }) => {
          const { calls, total } = byOperation[key];
          return (
            <tr key={key} data-testid={`breakdown-${key}`} className="border-b border-slate-100 dark:border-slate-900">
              <th scope="row" className="py-2 pr-2 text-left font-medium">
                {name} <span className="block text-xs font-normal text-slate-500 dark:text-slate-400">{endpoint}</span>
              </th>
              <td className="py-2 pr-2 text-right tabular-nums">{calls}</td>
              <td className="py-2 pr-2 text-right tabular-nums">
                {total}
                <Money
                  credits={total}
                  price={state.creditPrice}
                  testId={`breakdown-${key}-money`}
                  className="block text-xs text-slate-500 dark:text-slate-400"
                />
              </td>
              <td className="py-2 text-right tabular-nums text-slate-600 dark:text-slate-400">
                {calls ? mulDiv(total, '1', String(calls)) : '–'}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
