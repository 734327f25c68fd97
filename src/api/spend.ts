import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client';
import { parseLedgerAnswer } from './session';
import {
  spendAlertsSchema,
  spendBreakdownSchema,
  type SpendAlert,
  type SpendBreakdown,
  type SpendDimension,
} from '../contract/spend';

export type { SpendAlert, SpendBreakdown, SpendDimension, SpendGroup, FiredAlert } from '../contract/spend';

/** What `/api/_spend` is asked for: a dimension over UTC days (both included, null: no bound), or one session. */
export interface SpendAsk {
  by: SpendDimension;
  from: string | null;
  to: string | null;
  session: 'current' | null;
}

export const spendKeys = {
  all: ['spend'] as const,
  breakdown: (ask: SpendAsk) => [...spendKeys.all, 'breakdown', ask] as const,
  alerts: () => [...spendKeys.all, 'alerts'] as const,
};

export async function fetchSpend(ask: SpendAsk, signal?: AbortSignal): Promise<SpendBreakdown> {
  const query = new URLSearchParams({ by: ask.by });
  if (ask.from) query.set('from', ask.from);
  if (ask.to) query.set('to', ask.to);
  if (ask.session) query.set('session', ask.session);
  return parseLedgerAnswer(spendBreakdownSchema, (await apiFetch(`/api/_spend?${query}`, { signal })).json);
}

/** Free to read, and changes with every paid call: read again as the ledger is, never persisted. */
export function spendQueryOptions(ask: SpendAsk) {
  return queryOptions({
    queryKey: spendKeys.breakdown(ask),
    queryFn: ({ signal }) => fetchSpend(ask, signal),
    staleTime: 0,
    refetchInterval: 15_000,
    // Another dimension or period keeps the table in place until its own answer lands.
    placeholderData: keepPreviousData,
    meta: { persist: false },
  });
}

export function spendAlertsQueryOptions() {
  return queryOptions({
    queryKey: spendKeys.alerts(),
    queryFn: async ({ signal }) =>
      parseLedgerAnswer(spendAlertsSchema, (await apiFetch('/api/_spend/alerts', { signal })).json).alerts,
    staleTime: 0,
    meta: { persist: false },
  });
}

export async function addSpendAlert(alert: Pick<SpendAlert, 'kind' | 'threshold'>): Promise<SpendAlert[]> {
  const { json } = await apiFetch('/api/_spend/alerts', { method: 'POST', body: alert });
  return parseLedgerAnswer(spendAlertsSchema, json).alerts;
}

export async function removeSpendAlert(id: string): Promise<SpendAlert[]> {
  const { json } = await apiFetch(`/api/_spend/alerts/${encodeURIComponent(id)}`, { method: 'DELETE' });
  return parseLedgerAnswer(spendAlertsSchema, json).alerts;
}
