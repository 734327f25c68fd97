import { localStore } from '../../../lib/local-store';

const autoLoad = localStore(
  'creditscope-timeline-autoload',
  (raw) => raw !== 'off',
  (on) => (on ? 'on' : 'off'),
);

/** Whether scrolling near the end buys the next page by itself; remembered across visits and tabs. */
export function useAutoLoad(): [boolean, (on: boolean) => void] {
  return [autoLoad.useValue(), autoLoad.set];
}
