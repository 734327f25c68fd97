import type { Page } from '@playwright/test';

/**
 * For negative checks ("nothing more was bought"): waits for the page's network to go quiet, which
 * Playwright signals after 500 ms with no request in flight. Anything the app was going to start
 * (a sentinel's 250 ms dwell, a retry) has started by then and shows in the stand-in's log.
 */
export async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
}

/** Waits until the persisted query cache in IndexedDB holds `text`, so a reload can restore it. */
export async function persisted(page: Page, text: string) {
  await page.waitForFunction(
    async (needle) => {
      const read = () =>
        new Promise<string>((resolve) => {
          const open = indexedDB.open('keyval-store');
          open.onerror = () => resolve('');
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('keyval')) {
              db.close();
              resolve('');
              return;
            }
            const all = db.transaction('keyval').objectStore('keyval').getAll();
            all.onsuccess = () => {
              db.close();
              resolve(JSON.stringify(all.result));
            };
            all.onerror = () => {
              db.close();
              resolve('');
            };
          };
        });
      return (await read()).includes(needle);
    },
    text,
    { polling: 100, timeout: 10_000 },
  );
}

/** Two animation frames: React has committed and effects (StrictMode's second mount included) have run. */
export async function nextFrames(page: Page) {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}
