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

  /** The newest entries first. */
  async latest(limit = 100): Promise<AuditEntry[]> {
    return this.db.kysely
      .selectFrom('audit_log')
      .select(['at', 'actor', 'action', 'subject', 'detail'])
      .orderBy('at', 'desc')
      .limit(limit)
      .execute();
  }
}
