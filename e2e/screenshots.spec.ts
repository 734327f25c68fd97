import { expect, test } from './support/test.ts';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

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

    const written = fs.readdirSync(out).sort();
    const readme = [
      ...new Set(
        [...fs.readFileSync('README.md', 'utf8').matchAll(/docs\/screenshots\/([\w-]+\.png)/g)].map(
          (match) => match[1]!,
        ),
      ),
    ].sort();
    expect(written).toEqual(readme);
    expect(fs.readdirSync('docs/screenshots').sort()).toEqual(readme);
    expect(pngSize(path.join(out, 'timeline-phone.png'))).toEqual({ width: 375, height: 812 });
    expect(pngSize(path.join(out, 'timeline-light.png'))).toEqual({ width: 1280, height: 1300 });
    expect(pngSize(path.join(out, 'credits.png')).height).toBeGreaterThan(900);
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
});
