/**
 * `npm run user -- add|list|remove|reset|limit|key …` (cli-args.ts says each): people on a shared server
 * (#28), in the store a running server uses (DATABASE_URL, or the SQLite file in CREDITSCOPE_DATA_DIR, from the
 * same environment and .env files as the server). Safe while servers run: the store serialises writers.
 * Every change is in the audit log, by "cli".
 */
import { whenOutputCloses } from '../cli-output-closed.ts';
import { loadConfig, type AppConfig } from '../config.ts';
import { loadEnvFiles } from '../http/options.ts';
import { openStore, type Store } from '../store/store.ts';
import { PeopleAdmin } from './admin.ts';
import { readCommand, USAGE, UsageError, type Command } from './cli-args.ts';
import { Identity } from './identity.ts';

/** Where people reach the server: CREDITSCOPE_PUBLIC_URL, else http://HOST:PORT as `npm start` listens. */
function origin(config: AppConfig, env: Record<string, string | undefined>): string {
  if (config.publicUrl) return config.publicUrl;
  const host = env.HOST?.trim() || '127.0.0.1';
  return `http://${host.includes(':') ? `[${host}]` : host}:${env.PORT?.trim() || '4173'}`;
}

const limitText = (limit: { credits: string; period: string } | null) =>
  limit
    ? `${limit.credits} credits ${limit.period === 'total' ? 'in total' : `a ${limit.period} (UTC)`}`
    : 'no limit of their own';

async function run(command: Exclude<Command, { command: 'help' }>, identity: Identity, base: string) {
  const link = (token: string) => `${base}/welcome#token=${token}`;
  const admin = new PeopleAdmin(identity, 'cli');
  switch (command.command) {
    case 'add': {
      const token = await admin.add(command.name, command.role, command.limit);
      console.log(`Added ${command.name} (${command.role}, ${limitText(command.limit)}).`);
      console.log(`Their one-time welcome link, valid 24 hours, to choose a password:\n${link(token)}`);
      return;
    }
    case 'list': {
      const people = await identity.people.list();
      if (people.length === 0) console.log('Nobody yet: npm run user -- add <name> --role admin');
      for (const person of people)
        console.log(
          `${person.name}  ${person.role}  ${limitText(person.limit)}${person.hasPassword ? '' : '  (welcome link not used yet)'}`,
        );
      return;
    }
    case 'remove':
      await admin.remove(command.name);
      console.log(`Removed ${command.name}: signed out everywhere, keys revoked; the ledger keeps their name.`);
      return;
    case 'reset': {
      const token = await admin.reset(command.name);
      console.log(`${command.name}'s password no longer works and they are signed out everywhere.`);
      console.log(`Their new one-time welcome link, valid 24 hours:\n${link(token)}`);
      return;
    }
    case 'limit':
      await admin.setLimit(command.name, command.limit);
      console.log(`${command.name}: ${limitText(command.limit)}.`);
      return;
    case 'key': {
      const key = await admin.key(command.name, command.label);
      console.log(`A key spending as ${command.name}, shown this once (only its hash is kept):`);
      console.log(`Authorization: Bearer ${key}`);
      // A script sends that header and nothing else (#33.5): a line to try it with, free (it says whose key it is).
      console.log(`Try it (free): curl -H "Authorization: Bearer ${key}" "${base}/api/_auth/me"`);
      return;
    }
  }
}

async function main() {
  whenOutputCloses('user', 'exit');
  let command: Command;
  try {
    command = readCommand(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`creditscope user: ${error.message}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (command.command === 'help') {
    console.log(USAGE);
    return;
  }
  let store: Store | null = null;
  try {
    const env = loadEnvFiles(process.cwd());
    const config = loadConfig(env);
    store = await openStore(config, null);
    const identity = new Identity(store.db, config.auth);
    await run(command, identity, origin(config, env));
    process.exitCode = 0;
  } catch (error) {
    // An admin's mistake (an unknown name) and a store problem both stop with one line and exit 1.
    process.exitCode = 1;
    console.error(`creditscope user: ${(error as Error).message}`);
  } finally {
    await store?.close();
  }
}

void main();
