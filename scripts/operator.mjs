// `npm run user|ledger|job|watch -- …`: the operator's commands, run as the server runs, compiled. `npm run build` compiles
// them with the server (vite.server.config.ts) into dist/server-app/<command>.js, which needs `node` and the
// production dependencies only, so they work after `npm ci --omit=dev` too; a dev clone runs the same files after
// its build. Plain JavaScript on purpose: this file runs where no TypeScript tool is installed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const COMMANDS = ['user', 'ledger', 'job', 'watch'];
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const command = process.argv[2];
if (!COMMANDS.includes(command)) {
  console.error(`usage: node scripts/operator.mjs ${COMMANDS.join('|')} …  (npm run ${COMMANDS.join('|')} -- …)`);
  process.exit(2);
}
const compiled = path.join(root, 'dist/server-app', `${command}.js`);
if (!fs.existsSync(compiled)) {
  console.error(
    `creditscope ${command}: ${path.relative(root, compiled)} is missing. \`npm run build\` compiles the server ` +
      `and its commands; then run \`npm run ${command} -- …\` again.`,
  );
  process.exit(1);
}

/** The newest TypeScript source file a build compiles (none in an install that holds only the build). */
function newestSource() {
  let newest = null;
  for (const folder of ['server', 'src']) {
    const dir = path.join(root, folder);
    if (!fs.existsSync(dir)) continue;
    for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
      const file = path.join(entry.parentPath ?? entry.path, entry.name);
      const modified = fs.statSync(file).mtimeMs;
      if (!newest || modified > newest.modified) newest = { file, modified };
    }
  }
  return newest;
}

// In a clone, source changed since the build (an edit, a pull) would run the old code without a word: say so.
const source = newestSource();
if (source && source.modified > fs.statSync(compiled).mtimeMs)
  console.error(
    `creditscope ${command}: warning: ${path.relative(root, source.file)} changed after the last \`npm run build\`; ` +
      'this runs the build. Run `npm run build` to run the source as it is now.',
  );

// The command reads its own arguments from process.argv.slice(2), as when node runs it directly.
process.argv.splice(2, 1);
await import(pathToFileURL(compiled).href);
