// server/observe/metrics.test.ts checks /metrics with `promtool check metrics`: use Debian's, from the prometheus
// package, installing it with apt-get when missing (as for PostgreSQL and nginx). Only promtool is used; the
// package's Prometheus service is stopped and disabled if the install started it.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const promtool = '/usr/bin/promtool';
if (fs.existsSync(promtool)) process.exit(0);
if (process.platform !== 'linux' || process.getuid?.() !== 0 || !fs.existsSync('/usr/bin/apt-get')) {
  console.error(`promtool not found at ${promtool}. Install it (Debian: apt-get install prometheus).`);
  process.exit(1);
}
console.log("promtool missing: installing Debian's prometheus package with apt-get…");
execSync(
  'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus',
  { stdio: 'inherit' },
);
// Where systemd runs, the package starts its server on :9090: not wanted on a test machine.
execSync('(systemctl disable --now prometheus || true) >/dev/null 2>&1', { stdio: 'inherit' });
