import type { ProxyHarness } from './harness.ts';

export interface Outcome {
  status: number;
  kind?: string;
  message?: string;
}

/** Fires one timeline call per handle at once and sorts the answers into paid and refused. */
export async function burst(harness: ProxyHarness, handles: string[]) {
  const responses = await Promise.all(
    handles.map((handle) => harness.api(`/api/v1/social/microblog/posts?screen_name=${handle}`)),
  );
  const outcomes: Outcome[] = await Promise.all(
    responses.map(async (response) => {
      const body = (await response.json()) as { error?: { kind: string; message: string } };
      return { status: response.status, kind: body.error?.kind, message: body.error?.message };
    }),
  );
  return {
    paid: outcomes.filter(({ status }) => status === 200).length,
    refused: outcomes.filter(({ status, kind }) => status === 402 && kind === 'budget'),
    other: outcomes.filter(({ status }) => status !== 200 && status !== 402),
  };
}

/** `count` distinct aliases of Ada: distinct pages, so none of them share a purchase. */
export const aliases = (tag: string, count: number) =>
  Array.from({ length: count }, (_, index) => `ada__${tag}${index}`);
