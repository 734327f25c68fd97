import { expect, test } from './support/test.ts';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { MANIFEST, readNav, type ShotRecord } from '../scripts/screenshot-manifest.ts';

const run = promisify(execFile);
const SHOTS = 'docs/screenshots';

/** The images the README shows, by file name, in the order it shows them. */
function readmeImages(): string[] {
  const links = fs.readFileSync('README.md', 'utf8').matchAll(/docs\/screenshots\/([\w-]+\.png)/g);
  return [...new Set([...links].map((match) => match[1]!))];
}

/** What `npm run screenshots` saw on each page it shot (scripts/screenshot-manifest.ts). */
function manifest(dir: string): Record<string, ShotRecord> {
  return JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), 'utf8')) as Record<string, ShotRecord>;
}

/** Width and height from a PNG's header (IHDR follows the 8-byte signature). */
function pngSize(file: string): { width: number; height: number } {
  const head = fs.readFileSync(file).subarray(0, 24);
  expect(head.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
}

test('npm run screenshots makes exactly the README images, in demo mode, and leaves no server behind', async () => {
  test.setTimeout(240_000);
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-shots-test-'));
  try {
    const { stdout } = await run('npm', ['run', '-s', 'screenshots', '--', '--out', out], {
      timeout: 220_000,
      env: { ...process.env, API_BASE_URL: 'http://127.0.0.1:9', API_TOKEN: 'not-for-screenshots' },
    });
    // Whatever the environment says, the script ran the built-in stand-in: nothing real was bought.
    const origin = /demo mode at (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)?.[1];
    expect(origin, stdout).toBeTruthy();
    await expect(fetch(`${origin}/`)).rejects.toThrow();

    const readme = readmeImages().sort();
    expect(fs.readdirSync(out).sort()).toEqual([...readme, MANIFEST].sort());
    expect(fs.readdirSync(SHOTS).sort()).toEqual([...readme, MANIFEST].sort());
    // The committed manifest is what the app shows today: images made before a navigation change fail here.
    expect(manifest(SHOTS)).toEqual(manifest(out));
    expect(pngSize(path.join(out, 'timeline-phone.png'))).toEqual({ width: 375, height: 812 });
    expect(pngSize(path.join(out, 'timeline-light.png'))).toEqual({ width: 1280, height: 1300 });
    expect(pngSize(path.join(out, 'credits.png')).height).toBeGreaterThan(900);
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
});

test("every page in the app's navigation has a README image, and every image shows the app's navigation", async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link').first()).toBeVisible();
  const nav = await readNav(page);
  const shots = manifest(SHOTS);
  const readme = readmeImages();
  // The README shows exactly the committed images, each with its record.
  expect(Object.keys(shots).sort()).toEqual([...readme].sort());
  for (const file of readme) {
    expect(fs.existsSync(path.join(SHOTS, file)), `${file} is linked from the README`).toBe(true);
    expect(shots[file]!.nav, `the navigation in ${file}`).toEqual(nav);
    // They are committed: kept small by pngquant (npm run screenshots runs it when installed).
    expect(fs.statSync(path.join(SHOTS, file)).size, `${file}: bytes`).toBeLessThan(150_000);
  }
  for (const link of nav)
    expect(
      readme.filter((file) => shots[file]!.page === link.href),
      `README images of ${link.label} (${link.href})`,
    ).not.toEqual([]);
});
