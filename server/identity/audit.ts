import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Db } from '../store/open.ts';
import type { Database } from '../store/schema.ts';

export interface AuditEntry {
  at: string;
  /** "cli", or the admin's name. */
  actor: string;
  action: string;
  subject: string | null;
  detail: string | null;
}

/** What admins did, for admins to read (`GET /api/_auth/audit`): written in the transaction that did it. */
export class AuditLog {
  constructor(private readonly db: Db) {}

  async record(trx: Kysely<Database>, entry: Omit<AuditEntry, 'at'>, now = new Date()) {
    await trx
      .insertInto('audit_log')
      .values({ id: randomUUID(), at: now.toISOString(), ...entry })
      .execute();
  }

  /**
   * A page of entries, newest first, from just before `before` (the `next` of the page above; none: the newest).
   * The cursor is the last entry's time and id, so entries written meanwhile neither repeat nor go missing.
   */
  async page(before: string | null, limit = 50): Promise<{ entries: AuditEntry[]; next: string | null }> {
    const cursor = before ? decodeCursor(before) : null;
    let query = this.db.kysely.selectFrom('audit_log').select(['id', 'at', 'actor', 'action', 'subject', 'detail']);
    if (cursor)
      query = query.where((eb) =>
        eb.or([eb('at', '<', cursor.at), eb.and([eb('at', '=', cursor.at), eb('id', '<', cursor.id)])]),
      );
    const rows = await query
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute();
    const shown = rows.slice(0, limit);
    const last = shown.at(-1);
    return {
      entries: shown.map(({ id: _id, ...entry }) => entry),
      next: rows.length > limit && last ? Buffer.from(`${last.at} ${last.id}`).toString('base64url') : null,
    };
  }
}

/** A cursor this log gave out, or an error a person can read (a 400). */
export class BadCursor extends Error {}

function decodeCursor(cursor: string): { at: string; id: string } {
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString().split(' ');
  if (!at || !id || rest.length > 0 || Number.isNaN(Date.parse(at)))
    throw new BadCursor('`before` is not a cursor this audit log gave: ask for the first page again.');
  return { at, id };
}
