import * as v from 'valibot';
import { keyLabelBodySchema } from '../../src/contract/requests.ts';
import { creditLimit, PERSON_LIMIT, Problem } from '../config-rules.ts';
import { creditLimitPeriod } from '../store-config-rules.ts';
import type { Period } from '../store/totals.ts';
import { authRole, type Role } from './auth-config.ts';

export const USAGE = `usage: npm run user -- <command>
  add <name> [--role admin|member|viewer] [--limit <credits>] [--period total|day|month]
                          a new person (member by default); prints their one-time welcome link (24 h)
  list                    everyone, with their role and limit
  remove <name>           they can no longer sign in; their sessions and keys end (the ledger keeps their name)
  reset <name>            a lost password: ends their sessions, prints a new welcome link
  limit <name> <credits>|none [--period total|day|month]
                          their own limit (the operator's CREDIT_LIMIT still holds for everyone)
  key <name> [--label <text>]
                          a key for scripts, printed once: Authorization: Bearer <key>`;

export class UsageError extends Error {}

export type Command =
  | { command: 'add'; name: string; role: Role; limit: { credits: string; period: Period } | null }
  | { command: 'list' }
  | { command: 'remove' | 'reset'; name: string }
  | { command: 'limit'; name: string; limit: { credits: string; period: Period } | null }
  | { command: 'key'; name: string; label: string }
  | { command: 'help' };

/** Reads `npm run user -- …`'s arguments; a UsageError says what is wrong. */
export function readCommand(argv: string[]): Command {
  const positional: string[] = [];
  const flags = new Map<string, string>();
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!;
    if (argument === '--help' || argument === '-h') return { command: 'help' };
    const flag = /^--(role|limit|period|label)(?:=(.*))?$/.exec(argument);
    if (flag) {
      const value = flag[2] ?? argv[++index];
      if (value === undefined) throw new UsageError(`--${flag[1]} needs a value`);
      flags.set(flag[1]!, value);
    } else if (argument.startsWith('--')) throw new UsageError(`unknown option ${argument}`);
    else positional.push(argument);
  }
  const rule = <T>(read: () => T): T => {
    try {
      return read();
    } catch (error) {
      if (error instanceof Problem) throw new UsageError(error.message);
      throw error;
    }
  };
  const period = rule(() => creditLimitPeriod(flags.get('period') ?? 'total'));
  const [command, name, extra] = positional;
  // Each command's words, the command's own included: a word more is a mistake (`add dave admin` meant --role admin).
  const words = command === 'list' ? 1 : command === 'limit' ? 3 : 2;
  if (command !== undefined && command !== 'help' && positional.length > words)
    throw new UsageError(`unexpected argument "${positional[words]}" after ${positional.slice(0, words).join(' ')}`);
  const needName = () => {
    if (!name) throw new UsageError(`${command} needs a name`);
    return name;
  };
  switch (command) {
    case undefined:
    case 'help':
      return { command: 'help' };
    case 'add': {
      const credits = flags.get('limit');
      return {
        command: 'add',
        name: needName(),
        role: rule(() => authRole(flags.get('role') ?? 'member')),
        limit: credits === undefined ? null : { credits: rule(() => creditLimit(credits, PERSON_LIMIT)), period },
      };
    }
    case 'list':
      return { command: 'list' };
    case 'remove':
    case 'reset':
      return { command, name: needName() };
    case 'limit': {
      needName();
      if (extra === undefined) throw new UsageError('limit needs a number of credits, or none');
      return {
        command: 'limit',
        name: name!,
        limit: extra === 'none' ? null : { credits: rule(() => creditLimit(extra, PERSON_LIMIT)), period },
      };
    }
    case 'key': {
      // The rule the Keys page's route holds a label to.
      const label = v.safeParse(keyLabelBodySchema, { label: flags.get('label') ?? 'cli' });
      if (!label.success) throw new UsageError('--label must be 1 to 100 characters, not all spaces');
      return { command: 'key', name: needName(), label: label.output.label.trim() };
    }
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}
