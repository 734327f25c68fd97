import {
  createElement,
  lazy,
  Suspense,
  type ComponentProps,
  type ComponentType,
  type LazyExoticComponent,
} from 'react';

/**
 * One named export of a module, fetched the first time it renders: a page's first load carries only what most
 * visits show, and a state, an intro or a note that some moments need waits for them. Until its code is in, it
 * shows nothing (its own Suspense boundary, so nothing around it waits); a hydrating page keeps the server's HTML.
 *
 * The server fetches the module as soon as the page's module is evaluated, and once it is in, React.lazy is handed
 * it synchronously (a thenable that calls back at once, read in the same render): a promise would suspend the first
 * render after a start even then (a state shown after the page's data arrived), and the part would reach the page in
 * a streamed segment that needs JavaScript to show.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound: any props
export function lazyNamed<K extends string, M extends Record<K, ComponentType<any>>>(
  load: () => Promise<M>,
  name: K,
): ComponentType<ComponentProps<M[K]>> {
  let loaded: M | undefined;
  const fetchModule = () => load().then((module) => (loaded = module));
  if (import.meta.env.SSR) void fetchModule();
  const loadOnce = (): LazyExoticComponent<M[K]> =>
    lazy(() =>
      loaded
        ? ({ then: (done: (value: { default: M[K] }) => void) => done({ default: loaded![name] }) } as Promise<{
            default: M[K];
          }>)
        : fetchModule().then(
            (module) => ({ default: module[name] }),
            // Its code could not be fetched (offline, or a deploy replaced it): nothing shown rather than the whole
            // page lost, and fetched again the next time it renders.
            () => ((Loaded = loadOnce()), { default: (() => null) as unknown as M[K] }),
          ),
    );
  let Loaded: LazyExoticComponent<M[K]> = loadOnce();
  return function LoadedWhenShown(props: ComponentProps<M[K]>) {
    return <Suspense fallback={null}>{createElement(Loaded, props)}</Suspense>;
  };
}
