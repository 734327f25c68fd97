import { creditsText } from '../../lib/plural';
import { PERIOD_WORDS } from './limit-words';

/** One entry of the audit log as the server keeps it (server/identity/audit.ts). */
export interface AuditFacts {
  actor: string;
  action: string;
  subject: string | null;
  detail: string | null;
}

const ROLE_WORDS: Record<string, string> = { admin: 'an admin', member: 'a member', viewer: 'a viewer' };

/** The JSON the server wrote, or null when it is something else (an older server's words are kept as they are). */
function parsed(detail: string | null): unknown {
  try {
    return detail === null ? null : (JSON.parse(detail) as unknown);
  } catch {
    return undefined;
  }
}

function limitText(detail: string | null): string | null {
  const limit = parsed(detail);
  if (limit === null) return 'no limit of their own';
  if (typeof limit !== 'object' || limit === null) return null;
  const { credits, period } = limit as { credits?: unknown; period?: unknown };
  if (typeof credits !== 'string' || typeof period !== 'string' || !(period in PERIOD_WORDS)) return null;
  return `${creditsText(credits)} ${PERIOD_WORDS[period as keyof typeof PERIOD_WORDS]}`;
}

const role = (value: unknown) => (typeof value === 'string' ? (ROLE_WORDS[value] ?? value) : 'someone');

/**
 * An audit entry as a sentence: "alice added bob as a member", "alice set bob's limit to 0.5 credits a day".
 * `cli` is whoever ran `npm run user` on the server. An action this page does not know is said with its own name.
 */
export function auditSentence({ actor, action, subject, detail }: AuditFacts): string {
  const who = actor === 'cli' ? 'The command line (npm run user)' : actor;
  const whom = subject ?? 'someone';
  const whose = `${whom}'s`;
  switch (action) {
    case 'person-added': {
      const facts = parsed(detail) as { role?: unknown; limit?: unknown } | undefined;
      const limit = facts && 'limit' in facts ? limitText(JSON.stringify(facts.limit ?? null)) : null;
      const withLimit = limit && limit !== 'no limit of their own' ? `, with a limit of ${limit}` : '';
      return `${who} added ${whom} as ${role(facts?.role)}${withLimit}`;
    }
    case 'role-set': {
      const facts = parsed(detail) as { role?: unknown; was?: unknown } | undefined;
      const was = typeof facts?.was === 'string' ? ` (was ${role(facts.was)})` : '';
      return `${who} made ${whom} ${role(facts?.role)}${was}`;
    }
    case 'limit-set': {
      const limit = limitText(detail);
      if (limit === 'no limit of their own') return `${who} removed ${whose} own limit`;
      return `${who} set ${whose} limit to ${limit ?? detail ?? 'something unreadable'}`;
    }
    case 'password-reset':
      return `${who} reset ${whose} password (a new welcome link; signed out everywhere)`;
    case 'signed-out':
      return `${who} signed ${whom} out everywhere`;
    case 'person-removed':
      return `${who} removed ${whom}`;
    case 'key-created':
      return subject === actor
        ? `${who} made a key “${detail ?? ''}”`
        : `${who} made a key “${detail ?? ''}” for ${whom}`;
    case 'key-revoked':
      return subject === actor
        ? `${who} revoked their key “${detail ?? ''}”`
        : `${who} revoked ${whose} key “${detail ?? ''}”`;
    default:
      return `${who}: ${action}${subject ? ` ${subject}` : ''}${detail ? ` (${detail})` : ''}`;
  }
}
