import fs from 'node:fs';

/**
 * The README's commands, read as a reader reads them (e2e/readme-team.spec.ts runs them): a section's fenced
 * blocks, each shell line (a trailing `\` joins the next), and the part of its output a `# → …` comment promises.
 */
export interface Fenced {
  lang: string;
  body: string;
}

/** The text under `heading` (a `## ` line) up to the next `## ` heading. */
export function readmeSection(heading: string, file = 'README.md'): string {
  const markdown = fs.readFileSync(file, 'utf8');
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`${file} has no "${heading}" section`);
  const rest = markdown.slice(start + heading.length + 2);
  const end = rest.search(/^## /m);
  return end < 0 ? rest : rest.slice(0, end);
}

export function fencedBlocks(text: string): Fenced[] {
  return [...text.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((match) => ({ lang: match[1]!, body: match[2]! }));
}

/** A shell block's commands: continuation lines joined, blank lines and whole-line comments left out. */
export function shellCommands(body: string): string[] {
  return body
    .replace(/\\\n\s*/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** `NAME=value` lines of an env-file block (`.env.local`), comments left out. */
export function envLines(body: string): Array<[string, string]> {
  return body
    .split('\n')
    .map((line) => /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim()))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => [match[1]!, match[2]!]);
}

/** What a line's `# → …` comment says it prints, if it says. */
export function promisedOutput(command: string): string | null {
  return /#\s*→\s*(.+)$/.exec(command)?.[1]?.trim() ?? null;
}

/** A line run in the background (`… &`), without its `&` and comment. */
export function backgrounded(command: string): string | null {
  const bare = command.replace(/\s+#.*$/, '').trim();
  return bare.endsWith('&') ? bare.slice(0, -1).trim() : null;
}
