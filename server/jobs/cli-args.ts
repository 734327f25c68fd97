import { parseArgs } from 'node:util';

export const USAGE = `Usage: npm run job -- [--handles a,b] [--searches "x,y"] [--pages N] [--until YYYY-MM-DD | --until-end]
                      [--search-pages N] [--concurrency N] [--out file.ndjson|file.csv] [--yes]

  --handles       handles whose timelines to collect, separated by commas
  --searches      search queries, separated by commas
  --pages         pages per handle; with --until or --until-end, the most pages per handle (default 100)
  --until         collect each timeline until posts older than this date
  --until-end     collect each timeline to its end
  --search-pages  pages of results per search (default 1)
  --concurrency   calls in flight at most (default JOB_CONCURRENCY, or 2)
  --out           where to write the posts and results: NDJSON, or CSV for a name ending in .csv
  --yes           start buying at the quote shown; without it, only the quote is printed and nothing is bought`;

export class UsageError extends Error {}

export interface CliRequest {
  body: Record<string, unknown>;
  out: string | null;
  yes: boolean;
}

const list = (value: string | undefined) =>
  value === undefined
    ? []
    : value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);

function whole(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value.trim()))
    throw new UsageError(`--${flag} must be a whole number, got ${JSON.stringify(value)}`);
  return Number(value);
}

/** The flags as a job spec (the body the HTTP API takes), checked by the same rules (spec.ts) afterwards. */
export function readCli(argv: string[]): CliRequest | 'help' {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/\. To specify.*$/s, ''));
  }
  const { values } = parsed;
  if (values.help) return 'help';
  if (values.until !== undefined && values['until-end'])
    throw new UsageError('--until and --until-end cannot be used together: choose one');
  const pages = whole('pages', values.pages);
  const handles = list(values.handles);
  const searches = list(values.searches);
  const deep = values.until !== undefined || values['until-end'] === true;
  const timeline =
    handles.length === 0
      ? undefined
      : deep
        ? {
            ...(values.until !== undefined ? { until: values.until } : { untilEnd: true }),
            ...(pages !== undefined ? { maxPages: pages } : {}),
          }
        : pages === undefined
          ? (() => {
              throw new UsageError('--pages (pages per handle), --until or --until-end is needed with --handles');
            })()
          : { pages };
  const searchPages = whole('search-pages', values['search-pages']) ?? (searches.length > 0 ? 1 : undefined);
  const concurrency = whole('concurrency', values.concurrency);
  return {
    body: {
      handles,
      searches,
      ...(timeline ? { timeline } : {}),
      ...(searchPages !== undefined ? { searchPages } : {}),
      ...(concurrency !== undefined ? { concurrency } : {}),
    },
    out: values.out ?? null,
    yes: values.yes === true,
  };
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      handles: { type: 'string' },
      searches: { type: 'string' },
      pages: { type: 'string' },
      until: { type: 'string' },
      'until-end': { type: 'boolean' },
      'search-pages': { type: 'string' },
      concurrency: { type: 'string' },
      out: { type: 'string' },
      yes: { type: 'boolean', short: 'y' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
