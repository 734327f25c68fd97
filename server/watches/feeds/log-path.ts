/**
 * A path as log lines and traces name it: a feed's key (its address's only credential, server/watches/feeds)
 * replaced by `<key>`. No imports: tracing (server/observe/tracing.ts) loads it before the server's modules.
 */
export function pathForLog(path: string): string {
  return path.replace(/^\/feeds\/[^/?]*/, '/feeds/<key>');
}
