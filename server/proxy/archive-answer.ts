import { HANDLE } from '../../src/contract/identity.ts';
import type { ArchivedPage } from '../store/archive-store.ts';
import type { ArchiveWrite } from '../store/ledger-store.ts';
import type { Operation } from '../ledger/rows.ts';
import type { PurchaseResult } from './purchase-result.ts';

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

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

type User = { rest_id?: unknown; id?: unknown; profile?: unknown; screen_name?: unknown } | undefined;

function userOf(json: unknown): User {
  return (json as { data?: { user?: User } } | null)?.data?.user;
}

/**
 * What to archive with a successful answer: the body, what it is about, and any rest_id → handle it reveals.
 * `json` is the body already parsed (an answer is parsed once, when it is judged); without it, it is parsed here.
 */
export function archiveWrite(
  operation: Operation,
  params: Record<string, unknown>,
  body: string,
  json?: unknown,
): ArchiveWrite {
  if (operation === 'search') return { body, subject: String(params.q ?? ''), accounts: [] };
  let user: User;
  try {
    user = userOf(json === undefined ? JSON.parse(body) : json);
  } catch {
    user = undefined;
  }
  // data.user names the handle `profile` (as the profile schema reads it); `screen_name` is a post author's word for it.
  const told = text(user?.profile) ?? text(user?.screen_name);
  const handle = told && HANDLE.test(told) ? told.toLowerCase() : null;
  const restId = text(user?.rest_id) ?? text(user?.id);
  const subject =
    typeof params.screen_name === 'string' ? params.screen_name : (handle ?? String(params.rest_id ?? ''));
  return { body, subject, accounts: handle && restId ? [{ restId, handle }] : [] };
}
