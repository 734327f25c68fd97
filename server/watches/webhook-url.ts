import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may point. Only http(s) URLs without credentials (a user:password in a URL would be shown on the
 * page and sent in the clear). Private addresses (loopback, RFC 1918, link-local such as a cloud's metadata
 * service at 169.254.169.254, unique-local IPv6, …) are refused unless allowed (webhook-config.ts): checked when
 * the URL is saved (a literal address or `localhost`) and again on every connection, on the address the name
 * resolves to then (so a name re-pointed after saving does not get through).
 */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127],
  // NAT64's well-known prefix could name any IPv4 address (BlockList checks IPv4-mapped ones by the IPv4 rules).
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return PRIVATE.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 0) return false;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export const PRIVATE_REFUSED =
  'is a private, loopback or link-local address, which webhooks on this server may not reach (CREDITSCOPE_WEBHOOK_PRIVATE=allow permits it)';

/** Problems with a webhook URL, in words (empty: fine). */
export function webhookUrlProblems(raw: string, allowPrivate: boolean): string[] {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return [`url ${JSON.stringify(raw.slice(0, 100))} is not a URL: use e.g. https://hooks.example.com/creditscope`];
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return [`url must start with http:// or https://, got ${url.protocol}`];
  if (url.username || url.password)
    return ['url must not hold a user name or password: the signature proves the sender; put a token in the path'];
  // `localhost.` is `localhost`: a name's trailing dot changes nothing it resolves to.
  const host = url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (!allowPrivate && (host === 'localhost' || host.endsWith('.localhost') || isPrivateAddress(host)))
    return [`url's host ${host} ${PRIVATE_REFUSED}`];
  return [];
}

/**
 * A DNS lookup for http.request that refuses private addresses: the connection goes to the address checked here,
 * never to one resolved again later (DNS rebinding).
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((entry) => isPrivateAddress(entry.address));
    if (refused)
      return callback(
        Object.assign(new Error(`${hostname} resolves to ${refused.address}, which ${PRIVATE_REFUSED}`), {
          code: 'EPRIVATE',
        }),
        '',
        0,
      );
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
};
