import type { AppConfig } from '../config.ts';
import { sharedLoopback } from './auth-config.ts';
import type { Identity } from './identity.ts';

/**
 * The start-up line's part about who may spend: the mode, and until an admin exists, the command that
 * creates one (accounts mode), so a fresh server is never left with nobody able to sign in.
 */
export async function describeAuth(identity: Identity, config: AppConfig): Promise<string> {
  const { auth } = config;
  if (auth.mode === 'none')
    return auth.exposed
      ? '. CREDITSCOPE_AUTH=none beyond loopback: ANYONE WHO CAN REACH THIS SERVER CAN SPEND ITS CREDITS'
      : '';
  const where =
    auth.mode === 'header'
      ? `. People: named by the ${auth.header} header from ${auth.trustedProxies.join(', ')} (CREDITSCOPE_AUTH=header), newcomers ${auth.newcomers === 'refuse' ? 'refused' : `let in as ${auth.newcomers}s`}${loopbackWarning(auth.trustedProxies)}`
      : '. People: sign in (CREDITSCOPE_AUTH=accounts)';
  if (await identity.people.adminExists()) return where;
  return `${where}. No admin yet: create one with \`npm run user -- add <name> --role admin\` (it prints their welcome link)`;
}

/** Trusting the loopback address every program here connects from lets any of them name itself anyone (#38.5). */
function loopbackWarning(trusted: string[]): string {
  const shared = sharedLoopback(trusted);
  if (shared.length === 0) return '';
  return `. WARNING: CREDITSCOPE_TRUSTED_PROXIES trusts ${shared.join(' and ')}, which any program on this machine connects from: a plain curl here can name itself any person, an admin included. Give the proxy an address of its own (nginx: proxy_bind 127.0.0.2; CREDITSCOPE_TRUSTED_PROXIES=127.0.0.2)`;
}
