// Usage: node scripts/screenshot.mjs <url> <out.png> [width] [height] [dark]
import { chromium } from '@playwright/test';

const [url, out, width = '1280', height = '900', scheme = 'light'] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
const page = await browser.newPage({
  viewport: { width: Number(width), height: Number(height) },
  colorScheme: scheme === 'dark' ? 'dark' : 'light',
});
page.on('console', (message) => {
  if (message.type() === 'error') console.error('console:', message.text());
});
page.on('pageerror', (error) => console.error('pageerror:', error.message));
await page.goto(url);
await page.waitForTimeout(Number(process.env.WAIT ?? 1500));
await page.screenshot({ path: out, fullPage: process.env.FULL === '1' });
await browser.close();
