// Totals Vitest and Playwright from their JSON reports into the one line CI reads.
import fs from 'node:fs';

function read(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

let passed = 0;
let failed = 0;
const vitest = read('reports/vitest.json');
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += vitest.numFailedTests ?? 0;
}
const playwright = read('reports/playwright.json');
if (playwright?.stats) {
  passed += playwright.stats.expected ?? 0;
  failed += (playwright.stats.unexpected ?? 0) + (playwright.stats.flaky ?? 0);
}
// A failure before any runner reported (typecheck, lint, install) still has to read as a failure.
if (Number(process.argv[2] ?? 0) !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
