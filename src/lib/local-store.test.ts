// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localStore } from './local-store';

const KEY = 'test-store';
const list = () =>
  localStore<string[]>(
    KEY,
    (raw) => (raw ? raw.split(',') : []),
    (value) => (value.length ? value.join(',') : null),
  );

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('localStore', () => {
  it('reads back what it wrote, and the same snapshot until the stored text changes', () => {
    const store = list();
    expect(store.get()).toEqual([]);
    store.set(['a', 'b']);
    expect(localStorage.getItem(KEY)).toBe('a,b');
    const first = store.get();
    expect(store.get()).toBe(first);
    localStorage.setItem(KEY, 'c');
    expect(store.get()).toEqual(['c']);
  });

  it('removes the key when there is nothing to keep', () => {
    const store = list();
    store.set(['a']);
    store.set([]);
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('survives storage that throws: the value is not kept, nothing breaks', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    const store = list();
    expect(() => store.set(['a'])).not.toThrow();
    expect(store.get()).toEqual([]);
  });
});
