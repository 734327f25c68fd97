import type { AppConfig } from '../config.ts';
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
      ? `. People: named by the ${auth.header} header from ${auth.trustedProxies.join(', ')} (CREDITSCOPE_AUTH=header)`
      : '. People: sign in (CREDITSCOPE_AUTH=accounts)';
  if (await identity.people.adminExists()) return where;
  return `${where}. No admin yet: create one with \`npm run user -- add <name> --role admin\` (it prints their welcome link)`;
}
