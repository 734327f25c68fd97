// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';

const STORE = 'creditscope-timeline-autoload-count:';

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
    const bad = ['not a count', '-3 0', '2.5 0', '1 5', '3', '', '1e3 0', '9999999999 0', '{"paid":3,"grantedAt":1}'];
    bad.forEach((text, index) => sessionStorage.setItem(`${STORE}bad${index}`, text));
    sessionStorage.setItem(`${STORE}good`, '3 1');
    const counts = await afterReload();
    bad.forEach((_, index) => expect(counts.autoLoadCount(`bad${index}`)).toEqual({ paid: 0, grantedAt: 0 }));
    expect(counts.autoLoadCount('good')).toEqual({ paid: 3, grantedAt: 1 });
    // Writing over a bad value leaves a readable one.
    counts.saveAutoLoadCount('bad0', { paid: 2, grantedAt: 0 });
    expect((await afterReload()).autoLoadCount('bad0')).toEqual({ paid: 2, grantedAt: 0 });
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
