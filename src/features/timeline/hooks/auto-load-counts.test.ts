// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';

const STORE = 'creditscope-timeline-autoload-count';

/** The module as a freshly loaded document sees it: what a reload does to its in-memory copy. */
async function afterReload() {
  vi.resetModules();
  return import('./auto-load-counts');
}

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('auto-load counts', () => {
  it('survive a reload of the tab, per timeline', async () => {
    const before = await afterReload();
    before.saveAutoLoadCount('ada', { paid: 4, grantedAt: 2 });
    before.saveAutoLoadCount('bob', { paid: 1, grantedAt: 0 });
    const after = await afterReload();
    expect(after.autoLoadCount('ada')).toEqual({ paid: 4, grantedAt: 2 });
    expect(after.autoLoadCount('bob')).toEqual({ paid: 1, grantedAt: 0 });
    expect(after.autoLoadCount('eve')).toEqual({ paid: 0, grantedAt: 0 });
  });

  it('ignore what storage holds that is not a count, and keep the counts that are', async () => {
    for (const text of ['not json', 'null', '[1,2]', '"ada"', '7']) {
      sessionStorage.setItem(STORE, text);
      expect((await afterReload()).autoLoadCount('ada')).toEqual({ paid: 0, grantedAt: 0 });
    }
    sessionStorage.setItem(
      STORE,
      JSON.stringify({
        negative: { paid: -3, grantedAt: 0 },
        fraction: { paid: 2.5, grantedAt: 0 },
        text: { paid: '9', grantedAt: '0' },
        grantedAhead: { paid: 1, grantedAt: 5 },
        missing: { paid: 3 },
        huge: { paid: 1e300, grantedAt: 0 },
        good: { paid: 3, grantedAt: 1 },
      }),
    );
    const counts = await afterReload();
    for (const key of ['negative', 'fraction', 'text', 'grantedAhead', 'missing', 'huge', '__proto__']) {
      expect(counts.autoLoadCount(key)).toEqual({ paid: 0, grantedAt: 0 });
    }
    expect(counts.autoLoadCount('good')).toEqual({ paid: 3, grantedAt: 1 });
    // Writing over a bad store leaves a readable one.
    counts.saveAutoLoadCount('ada', { paid: 2, grantedAt: 0 });
    expect((await afterReload()).autoLoadCount('ada')).toEqual({ paid: 2, grantedAt: 0 });
  });

  it('still count for this document when storage is blocked', async () => {
    const counts = await afterReload();
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    counts.saveAutoLoadCount('ada', { paid: 2, grantedAt: 0 });
    expect(counts.autoLoadCount('ada')).toEqual({ paid: 2, grantedAt: 0 });
  });
});
