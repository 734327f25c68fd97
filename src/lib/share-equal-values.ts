/**
 * The same value with every repeated object or array (equal by content) made one shared instance: a
 * timeline page names its author once per post, and a serializer that writes each instance once (seroval, in
 * a server-rendered page's dehydrated cache) then writes the author once and refers to it after. Values are
 * only read, never mutated, so sharing them changes nothing for their readers.
 */
const MIN_SHARED_LENGTH = 24;

export function shareEqualValues<T>(value: T): T {
  const seen = new Map<string, unknown>();
  const visit = (node: unknown): { value: unknown; json: string } => {
    if (node === null || typeof node !== 'object') return { value: node, json: JSON.stringify(node) ?? 'undefined' };
    let json: string;
    let copy: unknown;
    if (Array.isArray(node)) {
      const items = node.map(visit);
      copy = items.map((item) => item.value);
      json = `[${items.map((item) => item.json).join(',')}]`;
    } else {
      const entries = Object.entries(node as Record<string, unknown>).map(
        ([key, child]) => [key, visit(child)] as const,
      );
      copy = Object.fromEntries(entries.map(([key, child]) => [key, child.value]));
      json = `{${entries.map(([key, child]) => `${JSON.stringify(key)}:${child.json}`).join(',')}}`;
    }
    // A small value costs less written again than referred to.
    if (json.length < MIN_SHARED_LENGTH) return { value: copy, json };
    const shared = seen.get(json);
    if (shared !== undefined) return { value: shared, json };
    seen.set(json, copy);
    return { value: copy, json };
  };
  return visit(value).value as T;
}
