// The header-mode e2e (e2e/header-auth.spec.ts) puts Debian's nginx in front of the app, with auth_basic:
// use Debian's, installing it with apt-get when missing (as for Chromium and PostgreSQL). The tests start
// nginx themselves from a config of their own; the package's default site, if it starts one, goes unused.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const nginx = '/usr/sbin/nginx';
if (fs.existsSync(nginx)) process.exit(0);
if (process.platform !== 'linux' || process.getuid?.() !== 0 || !fs.existsSync('/usr/bin/apt-get')) {
  console.error(`nginx not found at ${nginx}. Install it (Debian: apt-get install nginx-light).`);
  process.exit(1);
}
console.log("nginx missing: installing Debian's nginx-light package with apt-get…");
execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light', {
  stdio: 'inherit',
});
