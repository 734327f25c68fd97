/** Names a loopback server always answers to, whatever ALLOWED_HOSTS says. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The name in a Host header, without its port: `example.org:8080` → `example.org`, `[::1]:5173` → `[::1]`. */
export function hostName(host: string): string {
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]!;
}

/**
 * Why a request's Host header is refused (DNS rebinding: another site's name pointed at this server), or null
 * when it names loopback or an allowed host. The one rule for pages (server/app.ts) and the API (guard.ts).
 */
export function hostRefusal(hostHeader: string | undefined, allowedHosts: readonly string[]): string | null {
  const name = hostName((hostHeader ?? '').toLowerCase());
  if (LOOPBACK_HOSTS.has(name) || allowedHosts.includes(name)) return null;
  return `Host "${name}" is not allowed; add it to ALLOWED_HOSTS to serve creditscope under that name`;
}
