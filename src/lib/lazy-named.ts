import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * React.lazy for one named export: its module is fetched the first time the component renders, so a page's
 * first load carries only what most visits show (a state, an intro or a gate that some moments need waits).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound: any props
export function lazyNamed<K extends string, M extends Record<K, ComponentType<any>>>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
