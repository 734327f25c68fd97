// Playwright must never download a browser here: use Debian's Chromium, installing it with apt-get when missing.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (fs.existsSync(chromium)) process.exit(0);
if (process.platform !== 'linux' || process.getuid?.() !== 0 || !fs.existsSync('/usr/bin/apt-get')) {
  console.error(
    `Chromium not found at ${chromium}. Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}
console.log("Chromium missing: installing Debian's chromium package with apt-get…");
execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
