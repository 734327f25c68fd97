import { parseProfileLookup } from '../../lib/handle';

export interface HandleList {
  handles: string[];
  problems: string[];
}

/** The first cell of each CSV row: an export from a spreadsheet has the handle first and other columns after. */
function firstCells(text: string): string[] {
  return text.split(/\r?\n/).map((line) => /^\s*"?([^",]*)/.exec(line)?.[1] ?? '');
}

/** Column titles a spreadsheet puts above the handles; a header row is skipped, not reported. */
const HEADER = /^(handles?|screen_?names?|user_?names?|users?|accounts?)$/i;

/**
 * Handles pasted or read from a file: comma, space or newline separated, each as the timeline box takes it
 * (`ada`, `@ada`, a profile URL). Duplicates, in any case, count once; what is not a handle is named.
 */
export function parseHandleList(text: string, fileName = ''): HandleList {
  const tokens = /\.csv$/i.test(fileName) ? firstCells(text) : text.split(/[\s,;]+/);
  const seen = new Set<string>();
  const handles: string[] = [];
  const problems: string[] = [];
  tokens.forEach((raw, index) => {
    const token = raw.trim();
    if (!token || (index === 0 && HEADER.test(token))) return;
    const lookup = parseProfileLookup(token);
    if ('error' in lookup) problems.push(lookup.error);
    // A job walks timelines by handle; an id alone names no handle to walk.
    else if ('rest_id' in lookup) problems.push(`"${token}" is a numeric id: a job needs the handle`);
    else if (!seen.has(lookup.screen_name.toLowerCase())) {
      seen.add(lookup.screen_name.toLowerCase());
      handles.push(lookup.screen_name);
    }
  });
  return { handles, problems };
}

/** One search per line, whitespace collapsed as the server does, each once. */
export function parseSearchList(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(/\r?\n/)
    .map((line) => line.trim().replace(/\s+/g, ' '))
    .filter((line) => {
      if (!line || seen.has(line)) return false;
      seen.add(line);
      return true;
    });
}
