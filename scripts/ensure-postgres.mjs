// Store tests run against a real PostgreSQL: use Debian's, installing it with apt-get when missing (as for Chromium).
import { execSync } from 'node:child_process';
import fs from 'node:fs';

if (process.env.TEST_DATABASE_URL) process.exit(0);
const root = '/usr/lib/postgresql';
if (fs.existsSync(root) && fs.readdirSync(root).some((version) => fs.existsSync(`${root}/${version}/bin/initdb`)))
  process.exit(0);
if (process.platform !== 'linux' || process.getuid?.() !== 0 || !fs.existsSync('/usr/bin/apt-get')) {
  console.error(
    `PostgreSQL not found under ${root}/*/bin. Install it (Debian: apt-get install postgresql) or set TEST_DATABASE_URL to a server where the tests may create databases.`,
  );
  process.exit(1);
}
console.log("PostgreSQL missing: installing Debian's postgresql package with apt-get…");
// The tests start clusters of their own; the package's default cluster, if it creates one, goes unused.
execSync(
  'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql',
  { stdio: 'inherit' },
);
