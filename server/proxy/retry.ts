import type { Attempt } from '../ledger/rows.ts';
import type { AttemptResult } from './attempt.ts';

const BACKOFF_MS = [250, 1000];
/** A longer wait is better left to the person, who sees retryAfter in the answer. */
const MAX_RETRY_AFTER_S = 5;

/** How long to wait before trying again, or null when it must not be tried again. */
export function retryDelay(result: AttemptResult, retriesSoFar: number): number | null {
  if (!result.retryable || retriesSoFar >= BACKOFF_MS.length) return null;
  const backoff = BACKOFF_MS[retriesSoFar]!;
  if (result.retryAfter === undefined) return backoff;
  if (result.retryAfter > MAX_RETRY_AFTER_S) return null;
  return Math.max(backoff, result.retryAfter * 1000);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Tries until an attempt may have charged, cannot pass, or the retries are spent: one purchase, many attempts. */
export async function withRetries(
  attempt: () => Promise<AttemptResult>,
): Promise<{ final: AttemptResult; attempts: Attempt[] }> {
  const attempts: Attempt[] = [];
  for (let retries = 0; ; retries += 1) {
    const result = await attempt();
    attempts.push(result.attempt);
    const wait = retryDelay(result, retries);
    if (wait === null) return { final: result, attempts };
    await sleep(wait);
  }
}
