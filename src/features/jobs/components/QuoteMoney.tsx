import { useQuery } from '@tanstack/react-query';
import { sessionQueryOptions } from '../../../api/session';
import { Money } from '../../../components/Money';

/** A quoted number of credits in the operator's currency (CREDIT_PRICE, from the session); nothing when unset. */
export function QuoteMoney({ credits, testId }: { credits: string; testId?: string }) {
  const { data } = useQuery(sessionQueryOptions());
  return (
    <Money
      credits={credits}
      price={data?.creditPrice}
      testId={testId}
      className="block text-xs font-normal text-slate-600 dark:text-slate-400"
    />
  );
}
