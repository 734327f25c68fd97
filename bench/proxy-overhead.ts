import autocannon from 'autocannon';

export interface LoadFigures {
  medianMs: number;
  p99Ms: number;
  requestsPerSecond: number;
  requests: number;
  errors: number;
  non2xx: number;
}

/**
 * Every request asks for a different page (`grace__load<n>`): the proxy coalesces identical concurrent
 * calls into one, which would flatter it against the direct run.
 */
export function run(url: string, headers: Record<string, string>, seconds: number): Promise<LoadFigures> {
  let sequence = 0;
  const distinctPage = (request: { path?: string }) => ({ ...request, path: `${request.path ?? '/'}${sequence++}` });
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections: 50, duration: seconds, headers, requests: [{ setupRequest: distinctPage }] },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          medianMs: result.latency.p50,
          p99Ms: result.latency.p99,
          requestsPerSecond: result.requests.average,
          requests: result.requests.total,
          errors: result.errors + result.timeouts,
          non2xx: result.non2xx,
        });
      },
    );
  });
}

/** The same timeline call straight to the stand-in and through the proxy (guard, ledger write, forward). */
export async function proxyOverhead(origin: string, standinOrigin: string, token: string, seconds = 5) {
  const direct = await run(
    `${standinOrigin}/v1/social/microblog/posts?screen_name=grace__load`,
    { authorization: `Bearer ${token}` },
    seconds,
  );
  const proxied = await run(
    `${origin}/api/v1/social/microblog/posts?screen_name=grace__load`,
    { 'x-creditscope-client': '1' },
    seconds,
  );
  return { direct, proxied };
}

/**
 * Ten different pages asked for at once, straight to the stand-in and through the proxy with a budget
 * set (the path that used to run paid calls one at a time). Median over `rounds` of the wall time.
 * The proxy's own per-call cost, without upstream latency, is the 50-connection figure.
 */
export async function tenConcurrentPages(origin: string, standinOrigin: string, token: string, rounds = 5) {
  const wall = async (url: (index: number) => string, headers: Record<string, string>) => {
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 10 }, async (_, index) => (await fetch(url(index), { headers })).arrayBuffer()),
    );
    return performance.now() - started;
  };
  const direct: number[] = [];
  const proxied: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const tag = `ten${round}${Date.now().toString(36)}`;
    // A real upstream takes a few hundred ms per page: the stand-in is slowed to 300 ms for these twenty
    // calls, so the figure shows whether the proxy runs them side by side (it once ran them one by one).
    await fetch(`${standinOrigin}/_control/faults`, {
      method: 'POST',
      body: JSON.stringify({ match: tag, latencyMs: 300, times: 20 }),
    });
    direct.push(
      await wall((index) => `${standinOrigin}/v1/social/microblog/posts?screen_name=ada__${tag}d${index}`, {
        authorization: `Bearer ${token}`,
      }),
    );
    proxied.push(
      await wall((index) => `${origin}/api/v1/social/microblog/posts?screen_name=ada__${tag}p${index}`, {
        'x-creditscope-client': '1',
      }),
    );
  }
  return { direct, proxied };
}
