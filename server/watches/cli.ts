/**
 * `npm run watch -- list | add … | run <id> [--yes] | pause <id> | resume <id>`: watches from a script (#37), on
 * the store and under the rules a running server uses (it opens the store with the server's environment). `run`
 * prints the price of a run and buys only with --yes. `add --owner <name>` gives the watch to a person (an existing
 * member or admin): it shows on their Watches page and spends under their limit. On a server where people sign in
 * the owner is required (a watch of nobody's would show on nobody's page); on one where nobody does, a watch may
 * belong to nobody, runs under the operator's limit and shows on the one Watches page.
 */
import { parseArgs } from 'node:util';
import type { Watch } from '../../src/contract/watches.ts';
import { whenOutputCloses } from '../cli-output-closed.ts';
import { loadConfig, type AppConfig } from '../config.ts';
import { People } from '../identity/people.ts';
import { loadEnvFiles } from '../http/options.ts';
import { createServices, type Services } from '../proxy/services.ts';
import { createWatch, listWatches, patchWatch, runNow } from './actions.ts';
import { startWatches, type Watches } from './service.ts';
import { scheduleWords } from './schedule.ts';

const USAGE = `usage: npm run watch -- <command>
  list [--owner <name>]                  every watch (or one person's): id, name, owner, schedule, next and last run
  add (--handle <h> | --search <q>) --cap <credits> [--per day|month] [--owner <name>]
      [--every 15m|1h|6h | --daily HH:MM | --cron "<five fields>"] [--tz <IANA zone>]
      [--match word,#tag] [--pages 1-5] [--name <text>] [--paused]
      --owner: the person whose watch it is (required where people sign in; see npm run user -- list)
  run <id> [--yes]                       prints the price of a run; buys only with --yes
  pause <id> | resume <id>`;

class Exit extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const OPTIONS = {
  handle: { type: 'string' },
  search: { type: 'string' },
  cap: { type: 'string' },
  per: { type: 'string' },
  every: { type: 'string' },
  daily: { type: 'string' },
  cron: { type: 'string' },
  tz: { type: 'string' },
  match: { type: 'string' },
  pages: { type: 'string' },
  name: { type: 'string' },
  owner: { type: 'string' },
  paused: { type: 'boolean' },
  yes: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Flags = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

const when = (ms: number | null) => (ms === null ? '—' : new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z'));

function line(watch: Watch): string {
  const last = watch.lastRun
    ? `${watch.lastRun.state}, ${watch.lastRun.newItems} new, ${watch.lastRun.credits} credits${watch.lastRun.reason ? ` (${watch.lastRun.reason})` : ''}`
    : 'never run';
  return `${watch.id}  ${watch.kind} ${watch.name}  owner ${watch.owner ?? 'nobody'}  ${scheduleWords(watch.schedule)} (${watch.timeZone})  cap ${watch.cap.credits}/${watch.cap.per}  ${watch.paused ? 'paused' : `next ${when(watch.nextRunAt)}`}  last: ${last}`;
}

/** The draft `add`'s flags describe, as the Watches page would send it. */
function draftFromFlags(flags: Flags): Record<string, unknown> {
  if (Boolean(flags.handle) === Boolean(flags.search))
    throw new Exit(2, `add needs --handle or --search (one)\n\n${USAGE}`);
  if ([flags.every, flags.daily, flags.cron].filter((given) => given !== undefined).length > 1)
    throw new Exit(2, `add takes one schedule: --every, --daily or --cron\n\n${USAGE}`);
  // A count as written (the server's own rule then bounds it): "0x2", "1e0" and "" are no page counts.
  if (flags.pages !== undefined && !/^\d{1,4}$/.test(flags.pages))
    throw new Exit(
      2,
      `--pages must be a whole number of pages, like 2, got ${JSON.stringify(flags.pages.slice(0, 20))}`,
    );
  const schedule = flags.cron
    ? { cron: flags.cron }
    : flags.daily
      ? { daily: flags.daily }
      : { every: flags.every ?? '1h' };
  return {
    kind: flags.handle ? 'timeline' : 'search',
    target: flags.handle ? { screen_name: flags.handle } : { q: flags.search },
    schedule,
    ...(flags.tz ? { timeZone: flags.tz } : {}),
    cap: { credits: flags.cap, per: flags.per ?? 'day' },
    ...(flags.match ? { match: flags.match.split(',') } : {}),
    ...(flags.pages !== undefined ? { pagesPerRun: Number(flags.pages) } : {}),
    ...(flags.name ? { name: flags.name } : {}),
    ...(flags.paused ? { paused: true } : {}),
  };
}

/**
 * Whose watch `add` makes: the person --owner names (present, and allowed watches: a viewer is not), or nobody
 * where nobody signs in. Where people sign in (the server's CREDITSCOPE_AUTH, or people in its store, should this
 * shell lack the server's settings), a watch of nobody's would show on nobody's page: --owner is required.
 */
async function ownerOf(watches: Watches, auth: AppConfig['auth'], owner: string | undefined): Promise<string | null> {
  const people = new People(watches.services.store.db);
  if (owner === undefined) {
    if (auth.mode === 'none' && (await people.list()).length === 0) return null;
    throw new Exit(
      2,
      'add needs --owner <name> where people sign in: the watch shows on its owner’s Watches page and spends under their limit (npm run user -- list shows who is here)',
    );
  }
  const person = await people.person(owner);
  if (!person) throw new Exit(2, `Nobody called "${owner}" here: npm run user -- list shows who is.`);
  if (person.role === 'viewer')
    throw new Exit(2, `${owner} is a viewer, who cannot have watches (they spend): make them a member first.`);
  return person.name;
}

async function command(watches: Watches, auth: AppConfig['auth'], [name, id]: string[], flags: Flags) {
  const problems = (result: { problems: string[] }) => new Exit(2, `${result.problems.join('\n')}`);
  if (name === 'list') {
    const all = await listWatches(watches, flags.owner ?? null);
    if (all.length === 0) console.log('No watches.');
    for (const watch of all) console.log(line(watch));
    return;
  }
  if (name === 'add') {
    const draft = draftFromFlags(flags);
    const created = await createWatch(watches, draft, await ownerOf(watches, auth, flags.owner));
    if ('problems' in created) throw problems(created);
    console.log(`Added ${line(created.watch)}\n${created.watch.quote.text}`);
    return;
  }
  if (!id) throw new Exit(2, `${name} needs a watch id (see npm run watch -- list)\n\n${USAGE}`);
  const row = await watches.store.get(id);
  if (!row) throw new Exit(1, `No watch ${id}`);
  if (name === 'pause' || name === 'resume') {
    const changed = await patchWatch(watches, row, { paused: name === 'pause' });
    if ('problems' in changed) throw problems(changed);
    console.log(line(changed.watch));
    return;
  }
  const quote = (await listWatches(watches, null)).find((watch) => watch.id === id)!.quote;
  console.log(`A run of ${row.name} costs at most ${quote.perRun ?? 'an unknown price'} credits (${quote.text}).`);
  if (!flags.yes) return console.log('Nothing bought: add --yes to run it now.');
  const result = await runNow(watches, row, { acceptedPerRun: quote.perRun ?? '0' });
  if ('problems' in result) throw problems(result);
  if ('busy' in result) throw new Exit(1, result.busy);
  if ('changed' in result)
    throw new Exit(1, `The price changed (${result.changed.text}): nothing bought. Run again to see it.`);
  const { run } = result;
  console.log(
    `Run ${run.state}: ${run.newItems} new, ${run.calls} call(s), ${run.credits} credits${run.reason ? `. ${run.reason}` : ''}`,
  );
  if (run.state !== 'done') throw new Exit(1, '');
}

async function main(): Promise<void> {
  whenOutputCloses('watch', 'carry on');
  let parsed: { values: Flags; positionals: string[] };
  try {
    parsed = parseArgs({ args: process.argv.slice(2), options: OPTIONS, allowPositionals: true });
  } catch (error) {
    console.error(`creditscope watch: ${(error as Error).message}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const [name] = parsed.positionals;
  if (parsed.values.help || !name) {
    console.log(USAGE);
    return;
  }
  if (!['list', 'add', 'run', 'pause', 'resume'].includes(name)) {
    console.error(`creditscope watch: no command ${JSON.stringify(name)}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  let services: Services | null = null;
  let watches: Watches | null = null;
  try {
    const config = loadConfig(loadEnvFiles(process.cwd()));
    services = await createServices(config);
    watches = startWatches(services, config, { run: false });
    await command(watches, config.auth, parsed.positionals, parsed.values);
    process.exitCode = 0;
  } catch (error) {
    if ((error as Error).message) console.error(`creditscope watch: ${(error as Error).message}`);
    process.exitCode = error instanceof Exit ? error.code : 1;
  } finally {
    await watches?.close();
    await services?.close();
  }
}

void main();
