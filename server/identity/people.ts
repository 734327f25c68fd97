import type { Kysely, Selectable } from 'kysely';
import Big from 'big.js';
import type { Db } from '../store/open.ts';
import type { Database } from '../store/schema.ts';
import type { Period } from '../store/totals.ts';
import type { Newcomers, Role } from './auth-config.ts';
import type { PeopleTable } from './tables.ts';

/** A person as the server uses them: who, what they may do, and their own limit. */
export interface Person {
  name: string;
  role: Role;
  limit: { credits: string; period: Period } | null;
}

/** Letters, digits and `. _ @ + -`: what an e-mail address or a reverse proxy's user name is made of, nothing a log or a URL would mangle. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9._@+-]{0,127}$/;

export function nameProblem(name: string): string | null {
  return NAME.test(name)
    ? null
    : `"${name.slice(0, 40)}" is not a name creditscope takes: 1 to 128 letters, digits or . _ @ + -, starting with a letter or digit.`;
}

export const personOf = (
  row: Pick<Selectable<PeopleTable>, 'name' | 'role' | 'limit_credits' | 'limit_period'>,
): Person => ({
  name: row.name,
  role: row.role,
  limit: row.limit_credits === null ? null : { credits: row.limit_credits, period: row.limit_period ?? 'total' },
});

/** The `people` table: each person once; a removed person keeps their row (the ledger names them) and cannot sign in. */
export class People {
  constructor(private readonly db: Db) {}

  /** A current (not removed) person, with their password hash; `db` may be a transaction. */
  async find(name: string, db: Kysely<Database> = this.db.kysely) {
    return db
      .selectFrom('people')
      .selectAll()
      .where('name', '=', name)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
  }

  async person(name: string, db: Kysely<Database> = this.db.kysely): Promise<Person | null> {
    const row = await this.find(name, db);
    return row ? personOf(row) : null;
  }

  async list(): Promise<(Person & { createdAt: string; hasPassword: boolean })[]> {
    const rows = await this.db.kysely
      .selectFrom('people')
      .selectAll()
      .where('removed_at', 'is', null)
      .orderBy('name')
      .execute();
    return rows.map((row) => ({
      ...personOf(row),
      createdAt: row.created_at,
      hasPassword: row.password_hash !== null,
    }));
  }

  async adminExists(): Promise<boolean> {
    const row = await this.db.kysely
      .selectFrom('people')
      .select('name')
      .where('role', '=', 'admin')
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Adds a person, or brings back a removed one under the same name (with no password until they choose one). */
  async add(trx: Kysely<Database>, person: Person, now = new Date()): Promise<'added' | 'exists'> {
    const existing = await trx
      .selectFrom('people')
      .select(['removed_at'])
      .where('name', '=', person.name)
      .executeTakeFirst();
    if (existing && existing.removed_at === null) return 'exists';
    const values = {
      role: person.role,
      limit_credits: person.limit ? new Big(person.limit.credits).toString() : null,
      limit_period: person.limit?.period ?? null,
      password_hash: null,
      created_at: now.toISOString(),
      removed_at: null,
    };
    if (existing) await trx.updateTable('people').set(values).where('name', '=', person.name).execute();
    // Two first requests of one name at once (header mode): the second finds it added.
    else
      await trx
        .insertInto('people')
        .values({ name: person.name, ...values })
        .onConflict((conflict) => conflict.column('name').doNothing())
        .execute();
    return 'added';
  }

  /**
   * A name a reverse proxy vouches for (header mode, #38.2): known; `removed` (the row an admin's remove left:
   * they stay out until an admin adds them again, whatever the proxy says); a newcomer added now as `newcomers`
   * says; or `unknown` where newcomers are refused.
   */
  async ensure(name: string, newcomers: Newcomers): Promise<Person | 'removed' | 'unknown'> {
    const standing = (row: Selectable<PeopleTable> | undefined) =>
      row === undefined ? null : row.removed_at === null ? personOf(row) : ('removed' as const);
    const known = standing(await this.anyRow(name));
    if (known) return known;
    if (newcomers === 'refuse') return 'unknown';
    return this.db.transact(async (trx) => {
      const again = standing(await this.anyRow(name, trx));
      if (again) return again;
      await this.add(trx, { name, role: newcomers, limit: null });
      return { name, role: newcomers, limit: null };
    });
  }

  /** A person's row, removed or not. */
  private async anyRow(name: string, db: Kysely<Database> = this.db.kysely) {
    return db.selectFrom('people').selectAll().where('name', '=', name).executeTakeFirst();
  }
}
