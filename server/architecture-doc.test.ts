import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/architecture.md's three purchases, "file by file": each ```trace <name> <most files>``` block names one
 * file a line, in the order the code runs, with the function called in it (several joined by →). The traces
 * must stay true as files move and functions are renamed, and short.
 */

const root = path.resolve(import.meta.dirname, '..');
const doc = fs.readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');

interface Step {
  file: string;
  functions: string[];
}
interface Trace {
  name: string;
  most: number;
  steps: Step[];
}

/** A trace's lines: the file, then the functions up to the first ':' (the rest of the line says why). */
export function readTraces(markdown: string): Trace[] {
  const blocks = markdown.matchAll(/^```trace (\S+) (\d+)\n([\s\S]*?)^```$/gm);
  return [...blocks].map(([, name, most, body]) => ({
    name: name!,
    most: Number(most),
    steps: body!
      .split('\n')
      .filter((line) => line.trim() !== '' && !/^\s/.test(line))
      .map((line) => {
        const [file, ...rest] = line.trim().split(/\s+/);
        const called = rest.join(' ').split(':')[0]!;
        return { file: file!, functions: called.split('→').map((name) => name.trim()) };
      }),
  }));
}

const identifier = /^[A-Za-z_$][\w$]*$/;

/** Where `name` is defined in a source file: a function, class, variable, method or object property. */
function defines(source: string, name: string): boolean {
  const n = name.replace(/\$/g, '\\$');
  return [
    new RegExp(`\\bfunction\\*?\\s+${n}\\b`),
    new RegExp(`\\b(?:const|let|var|class)\\s+${n}\\b`),
    new RegExp(
      `^\\s*(?:export\\s+)?(?:(?:public|private|protected|static|readonly|async|get)\\s+)*${n}\\s*(?:<[^>]*>)?\\([^;]*$`,
      'm',
    ),
    new RegExp(`(?:^\\s*|[{,]\\s*)${n}\\s*:\\s*(?:async\\s*)?(?:\\(|function\\b)`, 'm'),
  ].some((pattern) => pattern.test(source));
}

const traces = readTraces(doc);

describe('docs/architecture.md: three purchases, file by file', () => {
  it('has the three traces', () => {
    expect(traces.map((trace) => [trace.name, trace.most])).toEqual([
      ['load-more', 14],
      ['rendered-page', 12],
      ['job-page', 12],
    ]);
  });

  describe.each(traces)('$name', (trace) => {
    it('names files that exist, each with the functions it names', () => {
      const missing: string[] = [];
      for (const step of trace.steps) {
        const file = path.join(root, step.file);
        if (!fs.existsSync(file)) {
          missing.push(`${step.file}: no such file`);
          continue;
        }
        const source = fs.readFileSync(file, 'utf8');
        for (const name of step.functions)
          if (!identifier.test(name) || !defines(source, name)) missing.push(`${step.file}: ${name} is not defined`);
      }
      expect(missing).toEqual([]);
    });

    it(`runs through at most its number of files`, () => {
      const files = new Set(trace.steps.map((step) => step.file));
      expect(trace.steps.length).toBeGreaterThan(0);
      expect(files.size).toBeLessThanOrEqual(trace.most);
    });
  });
});

describe('the traces’ reader', () => {
  const sample = ['```trace t 2', 'a.ts  one → two: why', '      more of why', 'b.ts  three: why', '```'].join('\n');

  it('reads each line’s file and functions, and skips continuation lines', () => {
    expect(readTraces(sample)).toEqual([
      {
        name: 't',
        most: 2,
        steps: [
          { file: 'a.ts', functions: ['one', 'two'] },
          { file: 'b.ts', functions: ['three'] },
        ],
      },
    ]);
  });

  it('finds a function, a method and a property, and nothing merely called', () => {
    const source =
      'export function one() {}\nclass C {\n  async two(x) {}\n}\nconst o = { three: async () => 1 };\nfour();\n';
    expect(['one', 'two', 'three', 'four'].map((name) => defines(source, name))).toEqual([true, true, true, false]);
  });
});
