import { localStore } from '../../../lib/local-store';

const autoLoad = localStore(
  'creditscope-timeline-autoload',
  (raw) => raw !== 'off',
  (on) => (on ? 'on' : 'off'),
);

/** Paid pages auto-load buys before it stops and asks, unless the person chose another number. */
export const DEFAULT_PAID_PAGES = 3;
export const MAX_PAID_PAGES = 99;

/** A whole number of pages from 1 to MAX_PAID_PAGES, or null. */
export function paidPagesOf(raw: string | null): number | null {
  if (raw === null || !/^\d{1,2}$/.test(raw.trim())) return null;
  const pages = Number(raw.trim());
  return pages >= 1 && pages <= MAX_PAID_PAGES ? pages : null;
}

const paidPages = localStore(
  'creditscope-timeline-autoload-paid-pages',
  (raw) => paidPagesOf(raw) ?? DEFAULT_PAID_PAGES,
  (pages) => (pages === DEFAULT_PAID_PAGES ? null : String(pages)),
);

/** Whether scrolling near the end buys the next page by itself; remembered across visits and tabs. */
export function useAutoLoad(): [boolean, (on: boolean) => void] {
  return [autoLoad.useValue(), autoLoad.set];
}

/** How many paid pages auto-load may buy before it asks again; remembered across visits and tabs. */
export function useAutoLoadPaidPages(): [number, (pages: number) => void] {
  return [paidPages.useValue(), paidPages.set];
}
