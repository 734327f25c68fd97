import { createContext, useContext } from 'react';
import type { Photo } from '../../../contract/upstream/types';

/** Opens the shared lightbox; held above the virtual list so scrolling a card away does not close it. */
export type OpenLightbox = (photos: readonly Photo[], index: number) => void;

export const LightboxContext = createContext<OpenLightbox>(() => {});

export function useOpenLightbox(): OpenLightbox {
  return useContext(LightboxContext);
}
