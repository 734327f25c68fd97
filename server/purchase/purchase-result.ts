import type { Charged } from '../../src/contract/index.ts';
import type { NormalisedError } from '../proxy/errors.ts';
import type { ArchivedPage } from '../store/archive-store.ts';

/**
 * What one purchase came to, as every caller reads it: the browser's proxy (which writes it as HTTP in
 * send.ts, the one place its headers are spelled), collection jobs and server-rendered pages (which read
 * these fields, never header strings).
 */
export interface PurchaseResult {
  /** The HTTP status the asker gets: the upstream's for its answer, the proxy's own for a refusal or failure. */
  status: number;
  /** The body as sent: the upstream's answer (token redacted), the archive's copy, or the failure as JSON. */
  text: string;
  /**
   * Where the answer came from: a call to the upstream (journalled and settled), the archive's copy of a
   * page bought before (free), or the proxy itself (refused or failed before any call was recorded).
   */
  source: 'upstream' | 'archive' | 'proxy';
  /** Whether the upstream charged for this answer, may have (`unknown`), or not. */
  charged: Charged;
  /** The ledger row that bought the answer (for an archived page, its first purchase); null when none was made. */
  callId: string | null;
  /** Exact decimal this answer cost its asker ('0' from the archive); null when no call was recorded. */
  credits: string | null;
  /** When the archived copy was bought (ISO 8601); null for anything not from the archive. */
  boughtAt: string | null;
  /** The upstream's Retry-After as it sent it (token redacted), passed on to the asker; null when it sent none. */
  retryAfter: string | null;
  /** What went wrong, as `text` says it; null for an answer. */
  failure: NormalisedError['error'] | null;
}

/** A failure answered as the failure's own status and body; with `call` when a ledger row records the call. */
export function failedPurchase(
  failure: NormalisedError,
  call: { callId: string; credits: string; retryAfter: string | null } | null = null,
): PurchaseResult {
  return {
    status: failure.error.status,
    text: JSON.stringify(failure),
    source: call ? 'upstream' : 'proxy',
    charged: failure.error.charged,
    callId: call?.callId ?? null,
    credits: call?.credits ?? null,
    boughtAt: null,
    retryAfter: call?.retryAfter ?? null,
    failure: failure.error,
  };
}

/** A page served from the archive: free, with when it was bought, so the UI can say so. */
export function archivedAnswer(page: ArchivedPage): PurchaseResult {
  return {
    status: 200,
    text: page.body,
    source: 'archive',
    charged: 'no',
    callId: page.purchase_id,
    credits: '0',
    boughtAt: page.bought_at,
    retryAfter: null,
    failure: null,
  };
}
