import { createElement, lazy, Suspense, type ComponentProps, type ComponentType } from 'react';

/**
 * One named export of a module, fetched the first time it renders: a page's first load carries only what most
 * visits show, and a state, an intro or a note that some moments need waits for them. Until its code is in, it
 * shows nothing (its own Suspense boundary, so nothing around it waits); a server's render waits for it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound: any props
export function lazyNamed<K extends string, M extends Record<K, ComponentType<any>>>(
  load: () => Promise<M>,
  name: K,
): ComponentType<ComponentProps<M[K]>> {
  const Loaded = lazy(() => load().then((module) => ({ default: module[name] })));
  return function LoadedWhenShown(props: ComponentProps<M[K]>) {
    return <Suspense fallback={null}>{createElement(Loaded, props)}</Suspense>;
  };
}
