import { describe, expect, it } from 'vitest';
import { describeError } from '../api/error-words';
import { ApiError } from '../api/errors';
import { createQueryClient, retryDelayFor } from './query-client';

const retry = createQueryClient().getDefaultOptions().queries!.retry as (count: number, error: unknown) => boolean;

describe('retry policy: attempts are not purchases', () => {
  it('retries unasked only when the creditscope server was never reached, at most twice', () => {
    const unreachable = new ApiError('network', 'no answer');
    expect(retry(0, unreachable)).toBe(true);
    expect(retry(1, unreachable)).toBe(true);
    expect(retry(2, unreachable)).toBe(false);
  });

  it('never retries unasked what the proxy answered: it may have cost credits', () => {
    const answered = [
      new ApiError('upstream', 'timeout', { status: 504, charged: 'unknown' }),
      new ApiError('upstream', 'down', { status: 503, charged: 'no' }),
      new ApiError('upstream', 'charged', { status: 500, charged: 'yes' }),
      new ApiError('network', 'proxy could not reach upstream', { status: 502, charged: 'no' }),
      new ApiError('rate_limited', 'slow down', { status: 429, retryAfter: 30, charged: 'no' }),
      new ApiError('invalid_response', 'truncated', { status: 200, charged: 'unknown' }),
      new ApiError('bad_request', 'no', { status: 400 }),
    ];
    for (const error of answered) expect(retry(0, error)).toBe(false);
  });

  it('waits what Retry-After asks, capped, and backs off otherwise', () => {
    expect(retryDelayFor(0, new ApiError('rate_limited', 'x', { retryAfter: 3 }))).toBe(3000);
    expect(retryDelayFor(0, new ApiError('rate_limited', 'x', { retryAfter: 9999 }))).toBe(60_000);
    expect(retryDelayFor(1, new ApiError('network', 'x'))).toBe(2000);
  });

  it('names the real status and says when a failure may have been charged', () => {
    expect(describeError(new ApiError('upstream', 'down', { status: 503 })).title).toMatch(/503 Service Unavailable/);
    expect(describeError(new ApiError('upstream', 'bad', { status: 502 })).title).toMatch(/502 Bad Gateway/);
    const timeout = describeError(new ApiError('upstream', 'no answer in 30 s', { status: 504, charged: 'unknown' }));
    expect(timeout.title).toMatch(/504 Gateway Timeout/);
    expect(timeout.detail).toMatch(/may have charged/);
  });

  it('says plainly that nothing was sent when the ledger could not be written', () => {
    const refused = new ApiError(
      'ledger',
      'Not sent, nothing charged: creditscope cannot write the ledger …: the disk is full (ENOSPC)',
      { status: 507, charged: 'no' },
    );
    expect(describeError(refused)).toEqual({
      title: 'Not sent: the ledger could not be written',
      detail: refused.message,
    });
    expect(retry(0, refused)).toBe(false);
  });
});
