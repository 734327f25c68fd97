/**
 * The same value with every repeated object or array (equal by content) made one shared instance: a
 * timeline page names its author once per post, and a serializer that writes each instance once (seroval, in
 * a server-rendered page's dehydrated cache) then writes the author once and refers to it after. Values are
 * only read, never mutated, so sharing them changes nothing for their readers.
 *
 * Each node is named by a number, and an object or array by its children's numbers, so equal content gets
 * the same number in one pass, without writing any node's text (a page's text would be written once per depth).
 */
const MIN_SHARED_LENGTH = 24;

interface Visited {
  value: unknown;
  id: number;
  /** About the length of the node's JSON: a small value costs less written again than referred to. */
  length: number;
}

export function shareEqualValues<T>(value: T): T {
  const primitiveIds = new Map<unknown, number>();
  const nodeIds = new Map<string, number>();
  const sharedById = new Map<number, unknown>();
  const idOf = <K>(ids: Map<K, number>, key: K) => {
    let id = ids.get(key);
    if (id === undefined) {
      id = primitiveIds.size + nodeIds.size;
      ids.set(key, id);
    }
    return id;
  };

  const visit = (node: unknown): Visited => {
    if (node === null || typeof node !== 'object') {
      const length = typeof node === 'string' ? node.length + 2 : String(node).length;
      return { value: node, id: idOf(primitiveIds, node), length };
    }
    let copy: unknown;
    let name: string;
    let length = 2;
    if (Array.isArray(node)) {
      const items = node.map(visit);
      copy = items.map((item) => item.value);
      name = `[${items.map((item) => item.id).join(',')}`;
      for (const item of items) length += item.length + 1;
    } else {
      const entries = Object.entries(node as Record<string, unknown>);
      const target: Record<string, unknown> = {};
      const parts: string[] = [];
      for (const [key, child] of entries) {
        const visited = visit(child);
        target[key] = visited.value;
        parts.push(`${idOf(primitiveIds, key)}:${visited.id}`);
        length += key.length + 3 + visited.length + 1;
      }
      copy = target;
      name = `{${parts.join(',')}`;
    }
    const id = idOf(nodeIds, name);
    if (length < MIN_SHARED_LENGTH) return { value: copy, id, length };
    const shared = sharedById.get(id);
    if (shared !== undefined) return { value: shared, id, length };
    sharedById.set(id, copy);
    return { value: copy, id, length };
  };
  return visit(value).value as T;
}
