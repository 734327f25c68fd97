import { createContext, createElement, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { knownLocale, knownZone, reportBrowserDateStyle, type DateStyle } from '../contract/dates/date-style';

const BROWSER: DateStyle = {};
/** Given on the server, per request; in the browser a rendered page names it on its root instead. */
const RenderedDateStyle = createContext<DateStyle | null>(null);
const unchanging = () => () => {};

// Loaded with the first page that writes dates: pages the server renders next are written in this browser's zone.
if (typeof document !== 'undefined') reportBrowserDateStyle();

/** Around a page rendered on the server: the style its HTML is written in. */
export function RenderedDateStyleProvider({ style, children }: { style: DateStyle; children: ReactNode }) {
  return createElement(RenderedDateStyle.Provider, { value: style }, children);
}

/** What a server-rendered root says it was written in (server/http/date-style.ts); the browser's own when it says nothing. */
function rootDateStyle(root: HTMLElement | null): DateStyle {
  const { timeZone, locale, now } = root?.dataset ?? {};
  return {
    ...(timeZone && knownZone(timeZone) ? { timeZone } : {}),
    ...(locale && knownLocale(locale) ? { locale } : {}),
    ...(now && Number.isFinite(Number(now)) ? { now: Number(now) } : {}),
  };
}

let hydrating: DateStyle | undefined;
function hydrationDateStyle(): DateStyle {
  // The page's root is the only markup the server renders: read once, the first time React hydrates.
  hydrating ??= typeof document === 'undefined' ? BROWSER : rootDateStyle(document.getElementById('root'));
  return hydrating;
}

/**
 * The style to write dates in: the server's while it renders and while the browser hydrates what it
 * rendered (so the text matches and React keeps the HTML), then the browser's own zone, language and clock.
 */
export function useDateStyle(): DateStyle {
  const rendered = useContext(RenderedDateStyle);
  return useSyncExternalStore(
    unchanging,
    () => BROWSER,
    () => rendered ?? hydrationDateStyle(),
  );
}
