import * as v from 'valibot';
import { apiFetch } from '../client';
import { linkStateSchema, type LinkState } from '../../contract/sign-in';

export type { LinkState } from '../../contract/sign-in';

/**
 * `POST /api/_auth/welcome/check`: whether a welcome link can still be used, asked before the page shows its
 * form. The token goes in the body, never the URL, so no log keeps it. Free, and it uses nothing up.
 */
export async function checkWelcomeLink(token: string): Promise<LinkState> {
  const result = v.safeParse(
    linkStateSchema,
    (await apiFetch('/api/_auth/welcome/check', { method: 'POST', body: { token } })).json,
  );
  // An answer this page cannot read: let the form try, the welcome itself says what is wrong.
  return result.success ? result.output.state : 'valid';
}
