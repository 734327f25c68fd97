import type { Role } from './auth-config.ts';
import type { Person } from './people.ts';

/**
 * Who may do what (#38), written once: every /api route names one action below in its `config.access`
 * (server/proxy/api-rules.ts refuses to start a route without one), and the /api rules check it before the
 * route runs. What a role may do with an action:
 * - `yes`: everything the action reaches (the team's, or anyone's object);
 * - `own`: only their own objects (jobs, calls, keys, ledger rows); another person's is 404, as if it did not
 *   exist, and a list leaves it out;
 * - `archived`: a page only when the archive serves it free (a purchase is 403, nothing journalled);
 * - `no`: 403.
 * A key (`Authorization: Bearer`) acts as its person, except where `key` says `session only`.
 * Where nobody signs in (mode none) there are no roles: the operator on loopback may do everything.
 */
export type Grant = 'yes' | 'own' | 'archived' | 'no';

export interface AccessRule {
  admin: Grant;
  member: Grant;
  viewer: Grant;
  key: 'as its person' | 'session only';
  /** A credential is needed at all (false: signing in, who is signed in). */
  signedIn: boolean;
  /** What the action is, for the refusal ("Only admins and members may …") and docs/architecture.md. */
  does: string;
  /** A role refused this is refused as one that cannot spend (`viewer-cannot-spend`), else `auth`. */
  spends?: boolean;
}

const JOB_CONTROL = { admin: 'yes', member: 'own', viewer: 'no', key: 'as its person', signedIn: true } as const;

export const ACCESS = {
  public: {
    admin: 'yes',
    member: 'yes',
    viewer: 'yes',
    key: 'as its person',
    signedIn: false,
    does: 'say who is signed in, sign in, check and open a welcome link',
  },
  'sign-out': {
    admin: 'yes',
    member: 'yes',
    viewer: 'yes',
    key: 'session only',
    signedIn: false,
    does: 'sign out',
  },
  read: {
    admin: 'yes',
    member: 'yes',
    viewer: 'yes',
    key: 'as its person',
    signedIn: true,
    does: 'read what the team bought, free: history, its archive export, find, stats, lookup, the spend alerts',
  },
  'wrong-address': {
    admin: 'yes',
    member: 'yes',
    viewer: 'yes',
    key: 'as its person',
    signedIn: true,
    does: 'be told an address or method is wrong (404, 405), and which there are',
  },
  page: {
    admin: 'yes',
    member: 'yes',
    viewer: 'archived',
    key: 'as its person',
    signedIn: true,
    does: 'open a page of the upstream: bought under the asker’s limits unless the archive serves it free',
  },
  ledger: {
    admin: 'yes',
    member: 'own',
    viewer: 'own',
    key: 'as its person',
    signedIn: true,
    does: 'read ledger rows, their exports and spend by handle, query, day, job, person or watch (totals stay the team’s)',
  },
  call: {
    admin: 'yes',
    member: 'own',
    viewer: 'own',
    key: 'as its person',
    signedIn: true,
    does: 'read one call: its row, parameters, headers and answer',
  },
  spend: {
    admin: 'yes',
    member: 'yes',
    viewer: 'no',
    key: 'as its person',
    signedIn: true,
    spends: true,
    does: 'start spending: quote or create a job, start a new session, set the session limit',
  },
  jobs: {
    admin: 'yes',
    member: 'own',
    viewer: 'own',
    key: 'as its person',
    signedIn: true,
    does: 'list and read collection jobs',
  },
  export: {
    admin: 'yes',
    member: 'own',
    viewer: 'own',
    key: 'as its person',
    signedIn: true,
    does: 'export a job’s pages (NDJSON, CSV of posts or of results)',
  },
  pause: { ...JOB_CONTROL, does: 'pause a job' },
  resume: { ...JOB_CONTROL, spends: true, does: 'resume a job (it spends under its creator’s limit)' },
  cancel: { ...JOB_CONTROL, does: 'cancel a job' },
  watches: {
    admin: 'own',
    member: 'own',
    viewer: 'own',
    key: 'as its person',
    signedIn: true,
    does: 'list and read their own watches, their runs and what is new, mark it seen, and read or reset their own feed key',
  },
  watch: {
    admin: 'own',
    member: 'own',
    viewer: 'no',
    key: 'as its person',
    signedIn: true,
    spends: true,
    does: 'quote, create, change, run now or delete their own watches (a watch spends under its owner’s limit)',
  },
  alerts: {
    admin: 'yes',
    member: 'yes',
    viewer: 'no',
    key: 'as its person',
    signedIn: true,
    does: 'add or remove a spend alert',
  },
  keys: {
    admin: 'own',
    member: 'own',
    viewer: 'own',
    key: 'as its person',
    signedIn: true,
    does: 'list their own keys',
  },
  'revoke-key': {
    admin: 'yes',
    member: 'own',
    viewer: 'own',
    key: 'session only',
    signedIn: true,
    does: 'revoke a key',
  },
  'make-key': {
    admin: 'yes',
    member: 'yes',
    viewer: 'no',
    key: 'session only',
    signedIn: true,
    spends: true,
    does: 'make a key (for scripts and jobs, which spend)',
  },
  people: {
    admin: 'yes',
    member: 'no',
    viewer: 'no',
    key: 'as its person',
    signedIn: true,
    does: 'list the people and the audit log',
  },
  'manage-people': {
    admin: 'yes',
    member: 'no',
    viewer: 'no',
    key: 'session only',
    signedIn: true,
    does: 'invite, change, reset, sign out or remove a person (the People page)',
  },
} as const satisfies Record<string, AccessRule>;

export type Action = keyof typeof ACCESS;
export const ACTIONS = Object.keys(ACCESS) as Action[];

export const isAction = (value: unknown): value is Action => typeof value === 'string' && value in ACCESS;

/** Why `role` may not do `action` (a 403), or null when it may (perhaps only with its own objects). */
export function roleRefusal(action: Action, person: Person, viaKey: boolean): string | null {
  const rule: AccessRule = ACCESS[action];
  if (viaKey && rule.key === 'session only')
    return `A key cannot ${rule.does}: sign in to creditscope in a browser to do it.`;
  if (rule[person.role] !== 'no') return null;
  const who = (['admin', 'member', 'viewer'] as Role[]).filter((role) => rule[role] !== 'no');
  return `Only ${who.map((role) => `${role}s`).join(' and ')} may ${rule.does}; ${person.name} is a ${person.role}.`;
}

/**
 * Whose objects `person` reaches with `action`: null for everyone's (an admin, or nobody signed in: mode none),
 * or their own name, when the table says `own`.
 */
export function ownerScope(action: Action, person: Person | null): string | null {
  if (!person) return null;
  return (ACCESS[action] as AccessRule)[person.role] === 'own' ? person.name : null;
}

/** Whether an object created by `owner` (null: by nobody, e.g. `npm run job`) is within `scope`. */
export const withinScope = (scope: string | null, owner: string | null) => scope === null || scope === owner;
