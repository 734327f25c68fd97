import type { RouteAccess } from '../proxy/api-rules.ts';
import { ACCESS, ACTIONS, type AccessRule, type Grant } from './access.ts';

const GRANT_WORDS: Record<Grant, string> = {
  yes: 'yes',
  own: 'own only (another’s: 404, left out of a list)',
  archived: 'archived pages only (a purchase: 403)',
  no: '403',
};

/**
 * The who-may-do-what table as docs/architecture.md shows it, written from the code's own table and the routes
 * the server registered: the access test fails when the two differ, so the document cannot drift from the code.
 */
export function accessTableMarkdown(routes: RouteAccess[]): string {
  const lines = ['| Action | Routes | admin | member | viewer | a key |', '| --- | --- | --- | --- | --- | --- |'];
  for (const action of ACTIONS) {
    const rule: AccessRule = ACCESS[action];
    const where =
      action === 'wrong-address'
        ? 'every other method and path under /api'
        : [
            ...new Set(
              routes.filter((route) => route.access === action).map((route) => `\`${route.method} ${route.url}\``),
            ),
          ].join(', ');
    const grants = (['admin', 'member', 'viewer'] as const).map((role) => GRANT_WORDS[rule[role]]);
    const key = rule.key === 'session only' ? '403 (session only)' : 'as its person';
    const who = rule.signedIn ? '' : ' No credential needed.';
    lines.push(`| \`${action}\`: ${rule.does}.${who} | ${where} | ${grants.join(' | ')} | ${key} |`);
  }
  return lines.join('\n');
}
