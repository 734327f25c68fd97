import fs from 'node:fs';
import path from 'node:path';

/**
 * The Node version the project runs on: the registry's `node` package, pinned exactly in package.json's
 * dependencies. npm scripts find its binary (node_modules/.bin/node) first on their PATH, whatever the host's is.
 */
export const PINNED_NODE: string = (
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  }
).dependencies.node!;
