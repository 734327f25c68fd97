import { describe, expect, it } from 'vitest';
import { describeError } from './error-words';
import { ApiError } from './errors';

describe('describeError', () => {
  it("names the upstream for a request it rejected, never for creditscope's own refusal", () => {
    const upstream = new ApiError('bad_request', '400 Bad Request: bad cursor', {
      status: 400,
      charged: 'no',
      upstreamAnswered: true,
    });
    expect(describeError(upstream).title).toBe('The upstream rejected the request');
    const find = new ApiError('bad_request', 'Bad find: from must not be after to', { status: 400, charged: 'no' });
    expect(describeError(find)).toEqual({
      title: 'Refused by creditscope: nothing was sent',
      detail: 'Bad find: from must not be after to',
    });
    expect(describeError(find).title).not.toMatch(/upstream/i);
  });

  it("never blames the upstream for a viewer's refused purchase, which it never saw", () => {
    const viewer = new ApiError('viewer-cannot-spend', 'Not sent, nothing charged: vic is a viewer', {
      status: 403,
      charged: 'no',
    });
    expect(describeError(viewer)).toEqual({
      title: 'Refused by creditscope: nothing was sent',
      detail: 'Not sent, nothing charged: vic is a viewer',
    });
  });
});
