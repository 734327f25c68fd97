import { describe, expect, it } from 'vitest';
import { auditSentence } from './audit-words';

const entry = (actor: string, action: string, subject: string | null, detail: string | null) => ({
  actor,
  action,
  subject,
  detail,
});

describe('the audit log in words', () => {
  it('says each change an admin makes to a person as a sentence', () => {
    const said = [
      entry('alice', 'person-added', 'bob', JSON.stringify({ role: 'member', limit: null })),
      entry(
        'cli',
        'person-added',
        'carol',
        JSON.stringify({ role: 'viewer', limit: { credits: '2', period: 'month' } }),
      ),
      entry('alice', 'limit-set', 'bob', JSON.stringify({ credits: '0.5', period: 'day' })),
      entry('alice', 'limit-set', 'bob', JSON.stringify({ credits: '1', period: 'total' })),
      entry('alice', 'limit-set', 'bob', 'null'),
      entry('alice', 'role-set', 'bob', JSON.stringify({ role: 'admin', was: 'member' })),
      entry('alice', 'password-reset', 'bob', null),
      entry('alice', 'signed-out', 'bob', null),
      entry('alice', 'person-removed', 'bob', null),
      entry('bob', 'key-created', 'bob', 'laptop'),
      entry('cli', 'key-created', 'bob', 'nightly'),
      entry('alice', 'key-revoked', 'bob', 'laptop'),
      entry('alice', 'something-new', 'bob', 'x'),
    ].map(auditSentence);
    expect(said).toEqual([
      'alice added bob as a member',
      'The command line (npm run user) added carol as a viewer, with a limit of 2 credits a month',
      "alice set bob's limit to 0.5 credits a day",
      "alice set bob's limit to 1 credit in total",
      "alice removed bob's own limit",
      'alice made bob an admin (was a member)',
      "alice reset bob's password (a new welcome link; signed out everywhere)",
      'alice signed bob out everywhere',
      'alice removed bob',
      'bob made a key “laptop”',
      'The command line (npm run user) made a key “nightly” for bob',
      "alice revoked bob's key “laptop”",
      'alice: something-new bob (x)',
    ]);
  });
});
