import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PINNED_NODE } from './testing/pinned-node.ts';

/**
 * The tests run on the Node the project brings (#34): Node 24 LTS from the `node` package, not the host's.
 * Run through npm (`npm test`, `npm run test:unit`) or npx, Vitest's `#!/usr/bin/env node` finds
 * node_modules/.bin/node first; run with another Node, this file fails and says which one ran.
 */
describe('the runtime', () => {
  it('package.json pins one exact Node 24 release', () => {
    expect(PINNED_NODE).toMatch(/^24\.\d+\.\d+$/);
  });

  it('the tests run on it', () => {
    expect(process.versions.node, `tests ran on ${process.execPath}`).toBe(PINNED_NODE);
  });

  it('is what npm scripts find first: node_modules/.bin/node', () => {
    const bin = path.resolve(import.meta.dirname, '../node_modules/.bin/node');
    expect(execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim()).toBe(`v${PINNED_NODE}`);
  });
});
