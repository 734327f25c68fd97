import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import type { Photo } from '../../../contract/upstream/types';
import { LightboxContext } from '../hooks/lightbox-context';

// Only a click on a photo needs it: kept out of the first bundle.
const Lightbox = lazy(() => import('./Lightbox'));

export function LightboxHost({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<{ photos: readonly Photo[]; index: number } | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const show = useCallback((photos: readonly Photo[], index: number) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpen({ photos, index });
  }, []);
  const close = useCallback(() => {
    setOpen(null);
    // Focus goes back where it was, if that photo is still in the (virtual) list.
    const back = opener.current;
    if (back?.isConnected) requestAnimationFrame(() => back.focus({ preventScroll: true }));
  }, []);
  return (
    <LightboxContext.Provider value={show}>
      {children}
      {open && (
        <Suspense fallback={null}>
          <Lightbox photos={open.photos} start={open.index} onClose={close} />
        </Suspense>
      )}
    </LightboxContext.Provider>
  );
}
