import { test } from '@playwright/test';
import type { FaultRule } from '../../server/standin/faults.ts';
import type { LoggedRequest } from '../../server/standin/server.ts';
import { E2E } from './ports.ts';

/** The demo stand-in behind the app this test's project runs against (production build or dev server). */
function projectStandinPort(): number {
  try {
    return Number(test.info().project.metadata?.standinPort ?? E2E.demoStandin);
  } catch {
    return E2E.demoStandin;
  }
}

/** The stand-in's control API, which the proxy never exposes: the tests' view of "the upstream". */
export function standin(port: number = projectStandinPort()) {
  const base = `http://127.0.0.1:${port}/_control`;
  return {
    async log(match: string): Promise<LoggedRequest[]> {
      return (await fetch(`${base}/log?match=${encodeURIComponent(match)}`)).json() as Promise<LoggedRequest[]>;
    },
    async fault(rule: FaultRule) {
      await fetch(`${base}/faults`, { method: 'POST', body: JSON.stringify(rule) });
    },
    /** `posts` newer posts appear at the top of the handle's first page, as if it had just posted them. */
    async grow(screenName: string, posts: number) {
      const response = await fetch(`${base}/grow`, {
        method: 'POST',
        body: JSON.stringify({ screen_name: screenName, posts }),
      });
      if (!response.ok) throw new Error(`grow: ${response.status} ${await response.text()}`);
    },
  };
}

/** A private alias of a stand-in user (`ada__<tag>` is Ada): each test counts only its own upstream calls. */
export function alias(handle: string, testTitle: string): string {
  return `${handle}__${testTitle
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '')
    .slice(0, 24)}${Math.random().toString(36).slice(2, 7)}`;
}
