import type { Role } from './auth-config.ts';

/**
 * The store's tables for people (#28), in the one schema of server/store/schema.ts. Secrets are never
 * stored as given: a password as its scrypt hash, a session id, invite token or API key as its SHA-256.
 */

/** One person. Removed people keep their row (the ledger names them), and can no longer sign in. */
export interface PeopleTable {
  name: string;
  role: Role;
  /** Their limit, exact decimal credits, over limit_period; null: none of their own (the operator's still holds). */
  limit_credits: string | null;
  limit_period: 'total' | 'day' | 'month' | null;
  /** `scrypt$N$r$p$salt$hash`; null until they choose one on their welcome link (or in header mode). */
  password_hash: string | null;
  created_at: string;
  removed_at: string | null;
}

/** A signed-in browser: its cookie's random id, hashed. Idle past 8 h, or 7 days old, it is over. */
export interface SignInTable {
  id_hash: string;
  person: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

/** A welcome link: one-time, 24 h. */
export interface InviteTable {
  token_hash: string;
  person: string;
  expires_at: string;
  used_at: string | null;
}

/** A key for scripts (`Authorization: Bearer <key>`), spending as its person. */
export interface ApiKeyTable {
  id: string;
  key_hash: string;
  person: string;
  label: string;
  created_at: string;
  revoked_at: string | null;
}

/**
 * Tries counted in a window (throttle.ts), per name from an address (`pair:10.0.0.9 alice`), per address
 * (`address:10.0.0.9`), per name (`name:alice`) and per address at welcome links (`welcome:10.0.0.9`).
 */
export interface SignInFailureTable {
  key: string;
  /** Tries in the window that started at first_at (a right password takes its own back). */
  failures: number;
  first_at: string;
  /** For a slowed name, its next free turn. */
  locked_until: string | null;
}

/** What admins did: people added or removed, limits, keys, password resets, unknown outcomes cleared. */
export interface AuditTable {
  id: string;
  at: string;
  /** "cli", or the admin's name. */
  actor: string;
  action: string;
  subject: string | null;
  detail: string | null;
}
