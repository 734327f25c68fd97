// `npm test`: the static checks (typecheck, lint, format) run beside the unit tests, then the end-to-end tests.
// Vitest spends much of its time waiting on child servers, PostgreSQL and timers, so the checks' single-threaded
// CPU work fits beside it instead of before it. The checks' output is held and printed in one piece when they end,
// so it never interleaves with Vitest's. Any failure stops the run before the end-to-end tests, as `&&` did.
import { spawn } from 'node:child_process';

/** Runs `npm run <script>`; with `hold`, its output is collected and returned rather than shown as it comes. */
function npmRun(script, { hold = false } = {}) {
  return new Promise((resolve) => {
    // The held checks run at a lower priority (`nice`): they take only the CPU the unit tests leave idle, so the
    // tests that time child processes against each other see no more contention than before.
    const [command, args] = hold ? ['nice', ['-n', '10', 'npm', 'run', script]] : ['npm', ['run', script]];
    const child = spawn(command, args, { stdio: hold ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    if (hold) {
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
    }
    child.on('error', (error) => resolve({ script, code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code, signal) => resolve({ script, code: code ?? (signal ? 1 : 0), output }));
  });
}

/** The checks one after the other, stopping at the first that fails (a type error makes lint's answer moot). */
async function staticChecks() {
  let output = '';
  for (const script of ['typecheck', 'lint', 'format:check']) {
    const started = Date.now();
    const result = await npmRun(script, { hold: true });
    output += `${result.output}\n[npm test] ${script}: ${result.code === 0 ? 'passed' : `FAILED (exit ${result.code})`} in ${Math.round((Date.now() - started) / 1000)} s\n`;
    if (result.code !== 0) return { script, code: result.code, output };
  }
  return { script: 'typecheck, lint and format:check', code: 0, output };
}

const checks = staticChecks().then((result) => {
  process.stdout.write(`\n[npm test] static checks' output:\n${result.output}\n`);
  return result;
});
const [checked, unit] = await Promise.all([checks, npmRun('test:unit')]);
const failed = [checked, unit].filter((result) => result.code !== 0);
if (failed.length > 0) {
  console.error(`[npm test] failed: ${failed.map((result) => result.script).join(', ')}; end-to-end tests not run`);
  process.exit(1);
}
const e2e = await npmRun('test:e2e');
process.exit(e2e.code);
