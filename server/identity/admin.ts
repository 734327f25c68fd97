import Big from 'big.js';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { stopJobsOf } from '../jobs/job-store.ts';
import { pauseWatchesOf } from '../watches/watch-store.ts';
import type { Period } from '../store/totals.ts';
import type { Role } from './auth-config.ts';
import type { Identity } from './identity.ts';
import { nameProblem } from './people.ts';

/**
 * An admin action that cannot be done, said so a person can fix it: `unknown` (nobody of that name), `conflict`
 * (already there, or the last admin), or `invalid` (a name creditscope does not take).
 */
export class AdminError extends Error {
  constructor(
    message: string,
    readonly reason: 'unknown' | 'conflict' | 'invalid' = 'invalid',
  ) {
    super(message);
  }
}

export type Limit = { credits: string; period: Period } | null;

/**
 * What admins do to people (the CLI, `npm run user`), each in one transaction with its audit entry: `actor`
 * is "cli" or the admin's name.
 */
export class PeopleAdmin {
  constructor(
    private readonly identity: Identity,
    private readonly actor: string,
  ) {}

  private get db() {
    return this.identity.db;
  }

  private async known(name: string) {
    const person = await this.identity.people.person(name);
    if (!person)
      throw new AdminError(`Nobody called "${name}" here: \`npm run user -- list\` shows who is.`, 'unknown');
    return person;
  }

  /** Refuses to leave the server without an admin: someone must be able to add people and reset passwords. */
  private async keepsAnAdmin(trx: Kysely<Database>, name: string) {
    const others = await trx
      .selectFrom('people')
      .select('name')
      .where('role', '=', 'admin')
      .where('removed_at', 'is', null)
      .where('name', '!=', name)
      .executeTakeFirst();
    if (!others)
      throw new AdminError(
        `${name} is the only admin: make someone else an admin first, or nobody could manage people.`,
        'conflict',
      );
  }

  /** Adds a person; their one-time welcome link's token (24 h). */
  async add(name: string, role: Role, limit: Limit): Promise<string> {
    const problem = nameProblem(name);
    if (problem) throw new AdminError(problem);
    return this.db.transact(async (trx) => {
      // "Erin" beside "erin" would be two people a reader takes for one, in every list and ledger row.
      const alike = await trx
        .selectFrom('people')
        .select('name')
        .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
        .where('name', '!=', name)
        .where('removed_at', 'is', null)
        .executeTakeFirst();
      if (alike)
        throw new AdminError(
          `"${name}" differs from "${alike.name}", who is already here, only in capitals: choose a name that reads differently.`,
          'conflict',
        );
      const added = await this.identity.people.add(trx, { name, role, limit });
      if (added === 'exists')
        throw new AdminError(
          `"${name}" is already here: \`npm run user -- reset ${name}\` makes a new welcome link.`,
          'conflict',
        );
      await this.identity.audit.record(trx, {
        actor: this.actor,
        action: 'person-added',
        subject: name,
        detail: JSON.stringify({ role, limit }),
      });
      return this.identity.invites.create(trx, name);
    });
  }

  /** Removes a person: they cannot sign in, their sessions, keys and jobs end; the ledger keeps their name. */
  async remove(name: string): Promise<void> {
    const person = await this.known(name);
    await this.db.transact(async (trx) => {
      if (person.role === 'admin') await this.keepsAnAdmin(trx, name);
      await trx.updateTable('people').set({ removed_at: new Date().toISOString() }).where('name', '=', name).execute();
      await trx.deleteFrom('invites').where('person', '=', name).execute();
      await this.identity.keys.revokeAll(trx, name);
      // Their jobs buy nothing more: nobody answers for what they would spend (#38).
      await stopJobsOf(trx, name);
      await pauseWatchesOf(trx, name);
      await this.identity.audit.record(trx, {
        actor: this.actor,
        action: 'person-removed',
        subject: name,
        detail: null,
      });
    });
    await this.identity.signIns.endAll(name);
  }

  /** A lost password: the old one stops working, every session ends, and a new welcome link (its token). */
  async reset(name: string): Promise<string> {
    await this.known(name);
    const token = await this.db.transact(async (trx) => {
      await trx.updateTable('people').set({ password_hash: null }).where('name', '=', name).execute();
      await this.identity.audit.record(trx, {
        actor: this.actor,
        action: 'password-reset',
        subject: name,
        detail: null,
      });
      return this.identity.invites.create(trx, name);
    });
    await this.identity.signIns.endAll(name);
    return token;
  }

  async setLimit(name: string, limit: Limit): Promise<void> {
    await this.known(name);
    await this.db.transact(async (trx) => {
      await trx
        .updateTable('people')
        .set({
          limit_credits: limit ? new Big(limit.credits).toFixed() : null,
          limit_period: limit?.period ?? null,
        })
        .where('name', '=', name)
        .execute();
      await this.identity.audit.record(trx, {
        actor: this.actor,
        action: 'limit-set',
        subject: name,
        detail: JSON.stringify(limit),
      });
    });
  }

  /** A new role; the last admin keeps theirs. Their sessions go on, with the new role from their next request. */
  async setRole(name: string, role: Role): Promise<void> {
    const person = await this.known(name);
    if (person.role === role) return;
    await this.db.transact(async (trx) => {
      if (person.role === 'admin') await this.keepsAnAdmin(trx, name);
      await trx.updateTable('people').set({ role }).where('name', '=', name).execute();
      await this.identity.audit.record(trx, {
        actor: this.actor,
        action: 'role-set',
        subject: name,
        detail: JSON.stringify({ role, was: person.role }),
      });
    });
  }

  /** Every session of theirs ends (a lost laptop): their password and keys still work. */
  async signOutEverywhere(name: string): Promise<void> {
    await this.known(name);
    await this.db.transact((trx) =>
      this.identity.audit.record(trx, { actor: this.actor, action: 'signed-out', subject: name, detail: null }),
    );
    await this.identity.signIns.endAll(name);
  }

  /** A new key for `name`, shown once. */
  async key(name: string, label: string): Promise<string> {
    await this.known(name);
    return this.db.transact(async (trx) => {
      const key = await this.identity.keys.create(trx, name, label);
      await this.identity.audit.record(trx, { actor: this.actor, action: 'key-created', subject: name, detail: label });
      return key;
    });
  }

  /**
   * Key `id` stops working, if it is `owner`'s (null: anyone's, for an admin). False when there is no such
   * working key of theirs: a person cannot tell another's key from one that does not exist.
   */
  async revokeKey(id: string, owner: string | null): Promise<boolean> {
    return this.db.transact(async (trx) => {
      const revoked = await this.identity.keys.revoke(trx, id, owner);
      if (!revoked) return false;
      await this.identity.audit.record(trx, {
        actor: this.actor,
        action: 'key-revoked',
        subject: revoked.person,
        detail: revoked.label,
      });
      return true;
    });
  }
}
