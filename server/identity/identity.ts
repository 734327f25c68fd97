import type { IncomingMessage } from 'node:http';
import type { Db } from '../store/open.ts';
import { readTotals, personScope } from '../store/totals.ts';
import { periodResetsAt } from '../budget/limits.ts';
import { ApiKeys } from './api-keys.ts';
import { AuditLog } from './audit.ts';
import { isTrustedAddress, type AuthConfig } from './auth-config.ts';
import { Invites } from './invites.ts';
import { passwordProblem, hashPassword, PasswordsBusy, verifyPassword } from './passwords.ts';
import { nameProblem, People, type Person } from './people.ts';
import { SignIns } from './sign-ins.ts';
import { Throttle } from './throttle.ts';
import { parseCookie } from 'cookie';
import { SESSION_COOKIE } from '../../src/contract/cookies.ts';

export type SignInResult =
  | { kind: 'signed-in'; person: Person; sessionId: string }
  | { kind: 'wrong' }
  | { kind: 'throttled'; retryAfterSeconds: number };

export type WelcomeResult =
  | { kind: 'signed-in'; person: Person; sessionId: string }
  | { kind: 'invalid'; message: string }
  | { kind: 'throttled'; retryAfterSeconds: number };

const BUSY = Symbol('busy');

/** Password work, or BUSY when too much of it is waiting already (passwords.ts): the try is refused for a second. */
async function whenNotBusy<T>(work: () => Promise<T>): Promise<T | typeof BUSY> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PasswordsBusy) return BUSY;
    throw error;
  }
}

/** A person's limit as `/api/_auth/me` shows it. */
export interface LimitStanding {
  credits: string;
  period: 'total' | 'day' | 'month';
  spent: string;
  resetsAt: string | null;
}

/** The value of one cookie in a Cookie header, or null. */
export function cookieValue(header: string | undefined, name: string): string | null {
  return parseCookie(header ?? '')[name] || null;
}

const bearer = (header: string | undefined) => /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? null;

/** Whether the request's credential is a key (`Authorization: Bearer`): `whoIs` reads it before any cookie. */
export const carriesKey = (request: IncomingMessage) => bearer(request.headers.authorization) !== null;

/** Who is asking, or, in header mode, why the name the proxy vouches for is not let in. */
export interface Asker {
  person: Person | null;
  refused: string | null;
}

/**
 * Who is asking, and everything that makes and ends a sign-in (#28): the people, their sessions, welcome
 * links, keys, throttling and the audit log, all in the store shared by every instance.
 */
export class Identity {
  readonly people: People;
  readonly signIns: SignIns;
  readonly invites: Invites;
  readonly keys: ApiKeys;
  readonly throttle: Throttle;
  readonly audit: AuditLog;

  constructor(
    readonly db: Db,
    readonly config: AuthConfig,
  ) {
    this.people = new People(db);
    this.signIns = new SignIns(db);
    this.invites = new Invites();
    this.keys = new ApiKeys(db);
    this.throttle = new Throttle(db);
    this.audit = new AuditLog(db);
  }

  /** Whether anyone must be named at all: no in mode none (loopback, or explicitly exposed). */
  get required(): boolean {
    return this.config.mode !== 'none';
  }

  /** Header mode: the name in the configured header, believed only from a trusted proxy's socket. */
  private headerName(request: IncomingMessage): string | null {
    if (!isTrustedAddress(request.socket.remoteAddress, this.config.trustedProxies)) return null;
    const raw = request.headers[this.config.header];
    const name = (Array.isArray(raw) ? null : raw)?.trim();
    return name && nameProblem(name) === null ? name : null;
  }

  /**
   * The person a request comes from: a key (`Authorization: Bearer`, any mode but none), else the reverse
   * proxy's header (header mode) or the session cookie (accounts mode). Null: nobody (or mode none).
   */
  async whoIs(request: IncomingMessage): Promise<Person | null> {
    return (await this.asker(request)).person;
  }

  /** `whoIs`, and why a name the reverse proxy vouches for is refused: removed, or new where newcomers are refused. */
  async asker(request: IncomingMessage): Promise<Asker> {
    const nobody = { person: null, refused: null };
    if (!this.required) return nobody;
    const key = bearer(request.headers.authorization);
    if (key) {
      const name = await this.keys.personOf(key);
      return { person: name ? await this.people.person(name) : null, refused: null };
    }
    if (this.config.mode === 'header') {
      const name = this.headerName(request);
      if (!name) return nobody;
      const found = await this.people.ensure(name, this.config.newcomers);
      if (found === 'removed')
        return {
          person: null,
          refused: `${name} was removed from this creditscope by an admin, and stays out until an admin adds them again (npm run user -- add ${name}).`,
        };
      if (found === 'unknown')
        return {
          person: null,
          refused: `${name} is not one of the people on this creditscope, and it lets in only people an admin added (CREDITSCOPE_HEADER_NEWCOMERS=refuse): ask an admin to add you (npm run user -- add ${name}).`,
        };
      return { person: found, refused: null };
    }
    const sessionId = cookieValue(request.headers.cookie, SESSION_COOKIE);
    if (!sessionId) return nobody;
    const name = await this.signIns.personOf(sessionId);
    return { person: name ? await this.people.person(name) : null, refused: null };
  }

  /**
   * A name and password: a try reserved in the throttle before anything is checked (a burst is counted as it comes),
   * then compared in constant time (a dummy hash for an unknown name, so the time says nothing about who exists), and
   * a new session, replacing the one the browser held (rotation).
   */
  async signIn(name: string, password: string, address: string, previous: string | null): Promise<SignInResult> {
    const reservation = await this.throttle.reserve(name, address);
    if (reservation.kind === 'wait') return { kind: 'throttled', retryAfterSeconds: reservation.retryAfterSeconds };
    if (reservation.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, reservation.delayMs));
    const row = nameProblem(name) === null ? await this.people.find(name) : undefined;
    const right = await whenNotBusy(() => verifyPassword(password, row?.password_hash ?? null, address));
    if (right === BUSY) return { kind: 'throttled', retryAfterSeconds: 1 };
    if (!right || !row) return { kind: 'wrong' };
    await this.throttle.succeeded(name, address);
    const person = (await this.people.person(name))!;
    return { kind: 'signed-in', person, sessionId: await this.signIns.start(name, previous ?? undefined) };
  }

  /**
   * A welcome link used: the invited person's password set, once, and signed in. Throttled per address, and the
   * token looked up (its SHA-256) before the password is hashed: a made-up token costs no scrypt.
   */
  async welcome(token: string, password: string, address: string, previous: string | null): Promise<WelcomeResult> {
    const reservation = await this.throttle.reserveWelcome(address);
    if (reservation.kind === 'wait') return { kind: 'throttled', retryAfterSeconds: reservation.retryAfterSeconds };
    const problem = passwordProblem(password);
    if (problem) return { kind: 'invalid', message: problem };
    const notValid: WelcomeResult = {
      kind: 'invalid',
      message:
        'This welcome link is not valid: it was used already, has expired (after 24 hours) or was replaced. Ask an admin for a new one (npm run user -- reset <name>).',
    };
    if (!(await this.invites.usable(this.db.kysely, token))) return notValid;
    const hash = await whenNotBusy(() => hashPassword(password, address));
    if (hash === BUSY) return { kind: 'throttled', retryAfterSeconds: 1 };
    const name = await this.db.transact(async (trx) => {
      const invited = await this.invites.redeem(trx, token);
      if (!invited) return null;
      const updated = await trx
        .updateTable('people')
        .set({ password_hash: hash })
        .where('name', '=', invited)
        .where('removed_at', 'is', null)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1 ? invited : null;
    });
    if (!name) return notValid;
    await this.throttle.welcomed(name, address);
    // Any session from before (a reset after a lost password) ends: only the new password signs in.
    await this.signIns.endAll(name);
    const person = (await this.people.person(name))!;
    return { kind: 'signed-in', person, sessionId: await this.signIns.start(name, previous ?? undefined) };
  }

  /** A person's limit, what they have spent in its period and when it starts again; null with no limit. */
  async limitStanding(person: Person, now = new Date()): Promise<LimitStanding | null> {
    if (!person.limit) return null;
    const spent = await readTotals(this.db.kysely, personScope(person.name, person.limit.period, now));
    return {
      credits: person.limit.credits,
      period: person.limit.period,
      spent: spent.spent,
      resetsAt: periodResetsAt(person.limit.period, now)?.toISOString() ?? null,
    };
  }
}
