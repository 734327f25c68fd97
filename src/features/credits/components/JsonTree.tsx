import { useState } from 'react';

const CHILD_LIMIT = 50;

function Primitive({ value }: { value: unknown }) {
  if (typeof value === 'string')
    return <span className="break-all text-emerald-800 dark:text-emerald-300">{JSON.stringify(value)}</span>;
  if (typeof value === 'number') return <span className="text-blue-800 dark:text-blue-300">{String(value)}</span>;
  if (typeof value === 'boolean') return <span className="text-purple-800 dark:text-purple-300">{String(value)}</span>;
  return <span className="text-slate-500">null</span>;
}

function Key({ name }: { name: string | null }) {
  return name === null ? null : <span className="text-slate-700 dark:text-slate-300">{name}: </span>;
}

/** One value; objects and arrays are <details> whose children render only once opened, capped with "show more". */
function JsonNode({ name, value, depth }: { name: string | null; value: unknown; depth: number }) {
  const [open, setOpen] = useState(depth < 2);
  const [shown, setShown] = useState(CHILD_LIMIT);
  if (value === null || typeof value !== 'object') {
    return (
      <li className="pl-4">
        <Key name={name} />
        <Primitive value={value} />
      </li>
    );
  }
  const isArray = Array.isArray(value);
  const entries: [string, unknown][] = isArray
    ? value.map((item, index) => [String(index), item])
    : Object.entries(value);
  const label = isArray
    ? `[${entries.length} ${entries.length === 1 ? 'item' : 'items'}]`
    : `{${entries.length} ${entries.length === 1 ? 'key' : 'keys'}}`;
  return (
    <li>
      <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary className="cursor-pointer select-none">
          <Key name={name} />
          <span className="text-slate-500 dark:text-slate-400">{label}</span>
        </summary>
        {open && (
          <ul className="ml-2 border-l border-slate-200 pl-1 dark:border-slate-800">
            {entries.slice(0, shown).map(([key, child]) => (
              <JsonNode key={key} name={isArray ? key : JSON.stringify(key)} value={child} depth={depth + 1} />
            ))}
            {entries.length > shown && (
              <li className="pl-4">
                <button
                  type="button"
                  className="text-brand-700 underline dark:text-brand-500"
                  onClick={() => setShown(shown + CHILD_LIMIT)}
                >
                  Show {Math.min(CHILD_LIMIT, entries.length - shown)} more of {entries.length - shown}
                </button>
              </li>
            )}
          </ul>
        )}
      </details>
    </li>
  );
}

function parse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** A response body as a collapsible tree of text (never HTML); a <pre> when the body is not JSON. */
export function JsonTree({ text }: { text: string }) {
  if (!text) return <p className="text-sm text-slate-600 dark:text-slate-400">(empty body)</p>;
  const parsed = parse(text);
  const box =
    'max-h-[28rem] overflow-auto rounded-md border border-slate-200 bg-slate-50 p-2 font-mono text-xs dark:border-slate-800 dark:bg-slate-900';
  if (!parsed.ok)
    return (
      <pre className={`${box} whitespace-pre-wrap break-all`} data-testid="response-raw" tabIndex={0}>
        {text}
      </pre>
    );
  // Focusable: a scrolling box must be scrollable from the keyboard too.
  return (
    <ul className={box} data-testid="response-tree" tabIndex={0} aria-label="Response body as a tree">
      <JsonNode name={null} value={parsed.value} depth={0} />
    </ul>
  );
}
