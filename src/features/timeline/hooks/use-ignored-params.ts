import { useIgnoredParams as useIgnored } from '../../../components/ignored-params';
import { TIMELINE_ADDRESS, type TimelineSearch } from '../params';

/** What the timeline address asked for that the page could not use (the shared rule, with the timeline's address). */
export function useIgnoredParams(search: TimelineSearch) {
  return useIgnored(TIMELINE_ADDRESS, search);
}
