/**
 * A set of strings written as a tree: a literal text, a sequence of parts, or any one of some options.
 * The token's spellings are such a tree (each character spelt any of several ways, spelt again), far
 * too many to list one by one but small as a tree.
 */
export type Pattern = string | { seq: Pattern[] } | { any: Pattern[] };

export interface Span {
  start: number;
  end: number;
}

/**
 * Finds every stretch of a text that spells one of the patterns, in time linear in the text whatever the
 * text: the patterns are compiled to an automaton that is never backtracked through, run as a lazily
 * built DFA (one table look-up per character). A regular expression of the same patterns backtracks
 * exponentially on the many ways a text can be read as the token spelt twice (`61` is both hex of `a`
 * and `a` spelt as hex, then left as it is).
 *
 * One pass forwards finds where matches end; from each end, the reversed patterns, run backwards,
 * find where the longest match ending there begins.
 */
export class SpellingMatcher {
  private readonly forwards: LazyDfa;
  private readonly backwards: LazyDfa;

  constructor(patterns: Pattern[]) {
    const reversed = new WeakMap<object, Pattern | Pattern[]>();
    this.forwards = new LazyDfa(new Automaton(patterns), 'anywhere');
    this.backwards = new LazyDfa(new Automaton(patterns.map((pattern) => reverse(pattern, reversed))), 'anchored');
  }

  /** Nodes in the two automata: what the patterns cost in memory. */
  get size() {
    return this.forwards.automaton.size + this.backwards.automaton.size;
  }

  /** The stretches of `text` that spell a pattern, in order, overlapping and adjoining ones joined. */
  find(text: string): Span[] {
    const spans: Span[] = [];
    const forwards = this.forwards;
    let state = forwards.start;
    // Every answer passes here whole: the ASCII transitions known already are read inline, from one flat table.
    let table = forwards.table;
    for (let index = 0, length = text.length; index < length; index += 1) {
      const char = text.charCodeAt(index);
      let target = char < 128 ? table[(state << 7) | char]! : -1;
      if (target < 0) {
        target = forwards.next(state, char);
        table = forwards.table;
      }
      if (target & MATCHED) join(spans, this.startOfMatchEndingAt(text, index + 1), index + 1);
      state = target >> 1;
    }
    return spans;
  }

  private startOfMatchEndingAt(text: string, end: number): number {
    let start = end;
    let state = this.backwards.start;
    for (let index = end - 1; index >= 0 && state !== DEAD; index -= 1) {
      const target = this.backwards.next(state, text.charCodeAt(index));
      if (target & MATCHED) start = index;
      state = target >> 1;
    }
    return start;
  }
}

const MATCH = -1;
const SPLIT = -2;
/** A transition `target * 2 + MATCHED` when a match ends on it. */
const MATCHED = 1;
/** The DFA state with nothing under way (anchored, nothing more can match). */
const DEAD = 0;
/** Past this many remembered states a DFA starts over: memory stays bounded whatever the text. */
const MAX_STATES = 4_096;

/**
 * Characters an encoder or a formatter puts between the characters of what it writes, which a reader drops: line
 * breaks and spaces (base64 wrapped at 76 columns, hex in groups), the colons of hex dumps, NUL (UTF-16 read as
 * UTF-8), zero-width characters and the soft hyphen. Any number of them may come inside a spelling.
 */
const FILLERS = new Set([0x00, 0x09, 0x0a, 0x0d, 0x20, 0x3a, 0xad, 0x200b, 0x200c, 0x200d, 0x2060, 0xfeff]);

/** ASCII letters in either case are one: hex digits, percent escapes and entity names come in both. */
const fold = (code: number) => (code >= 65 && code <= 90 ? code + 32 : code);

/** The patterns as an automaton (one node per character of each option, options that begin alike sharing their beginning). */
class Automaton {
  /** Per node: the (folded) character code it consumes, or MATCH, or SPLIT. */
  private readonly codes: number[] = [];
  /** Per character node, the node after it. */
  private readonly next: number[] = [];
  /** Per split node, where it may go. */
  private readonly branches = new Map<number, number[]>();
  /** The trie of each set of literal options met more than once (a character's spellings). */
  private readonly tries = new WeakMap<Pattern[], Trie>();
  /** The character nodes a match can begin with, by code, and all of them. */
  private readonly firstAscii: (number[] | undefined)[] = new Array(128);
  private readonly firstOther = new Map<number, number[]>();
  readonly first: number[] = [];
  private marks = new Int32Array(0);
  private generation = 0;

  constructor(patterns: Pattern[]) {
    const root = this.compile({ any: patterns }, this.node(MATCH, -1));
    this.marks = new Int32Array(this.codes.length);
    this.first = this.closure([root], () => {}).sort((a, b) => a - b);
    for (const node of this.first) this.firstWith(this.codes[node]!, true)!.push(node);
  }

  get size() {
    return this.codes.length;
  }

  /**
   * The nodes under way after `code`, from `nodes`, and (`anywhere`) from a match beginning here; and whether a match
   * ends here. A filler character between two characters of a spelling leaves what is under way as it was.
   */
  step(nodes: readonly number[], code: number, anywhere: boolean): { nodes: number[]; matched: boolean } {
    let matched = false;
    const after = [
      ...nodes.filter((node) => this.codes[node] === code),
      ...(anywhere ? (this.firstWith(code, false) ?? []) : []),
    ].map((node) => this.next[node]!);
    const reached = this.closure(FILLERS.has(code) ? [...after, ...nodes] : after, () => {
      matched = true;
    });
    return { nodes: reached.sort((a, b) => a - b), matched };
  }

  /** The character nodes reachable from `nodes` without consuming a character (through splits). */
  private closure(nodes: number[], onMatch: () => void): number[] {
    const generation = this.nextGeneration();
    const reached: number[] = [];
    for (const stack = [...nodes]; stack.length > 0;) {
      const node = stack.pop()!;
      if (this.marks[node] === generation) continue;
      this.marks[node] = generation;
      const code = this.codes[node]!;
      if (code === SPLIT) stack.push(...this.branches.get(node)!);
      else if (code === MATCH) onMatch();
      else reached.push(node);
    }
    return reached;
  }

  private nextGeneration() {
    if (this.generation === 0x7fffffff) {
      this.marks.fill(0);
      this.generation = 0;
    }
    return ++this.generation;
  }

  private firstWith(code: number, create: boolean): number[] | undefined {
    if (code < 128) return create ? (this.firstAscii[code] ??= []) : this.firstAscii[code];
    let nodes = this.firstOther.get(code);
    if (!nodes && create) this.firstOther.set(code, (nodes = []));
    return nodes;
  }

  private node(code: number, next: number, branches?: number[]) {
    this.codes.push(code);
    this.next.push(next);
    if (branches) this.branches.set(this.codes.length - 1, branches);
    return this.codes.length - 1;
  }

  /** The node that matches `pattern` and then goes on to `then`. */
  private compile(pattern: Pattern, then: number): number {
    if (typeof pattern === 'string') return this.literals([pattern], then);
    if ('seq' in pattern) return pattern.seq.reduceRight<number>((after, part) => this.compile(part, after), then);
    const texts = pattern.any.filter((option): option is string => typeof option === 'string');
    const trees = pattern.any.filter((option) => typeof option !== 'string');
    const entries = [
      ...(texts.length ? [this.literals(texts, then, pattern.any)] : []),
      ...trees.map((tree) => this.compile(tree, then)),
    ];
    return entries.length === 1 ? entries[0]! : this.node(SPLIT, -1, entries);
  }

  /** Literal options as a trie: texts that share a beginning share its nodes. */
  private literals(texts: string[], then: number, key?: Pattern[]): number {
    let trie = key && this.tries.get(key);
    if (!trie) {
      trie = buildTrie(texts);
      if (key) this.tries.set(key, trie);
    }
    // From the leaves up (the trie lists parents before children), so each node's children have their entries.
    const entries: number[] = new Array(trie.length);
    for (let index = trie.length - 1; index >= 0; index -= 1) {
      const { children, ends } = trie[index]!;
      const options = children.map(([code, child]) => this.node(code, entries[child]!));
      if (ends) options.push(then);
      entries[index] = options.length === 1 ? options[0]! : this.node(SPLIT, -1, options);
    }
    return entries[0]!;
  }
}

/** A trie as a list, parents before children: each entry's outgoing characters (folded) and whether a text ends there. */
type Trie = { children: [code: number, child: number][]; ends: boolean }[];

/** Built without recursion: a spelling can be thousands of characters long. */
function buildTrie(texts: string[]): Trie {
  const trie: Trie = [{ children: [], ends: false }];
  for (const text of texts) {
    let at = 0;
    for (let index = 0; index < text.length; index += 1) {
      const code = fold(text.charCodeAt(index));
      let child = trie[at]!.children.find(([existing]) => existing === code)?.[1];
      if (child === undefined) {
        child = trie.length;
        trie.push({ children: [], ends: false });
        trie[at]!.children.push([code, child]);
      }
      at = child;
    }
    trie[at]!.ends = true;
  }
  return trie;
}

/** The pattern read backwards (by UTF-16 unit, as the text is scanned); shared parts (a character's spellings) stay shared. */
function reverse(pattern: Pattern, done: WeakMap<object, Pattern | Pattern[]>): Pattern {
  if (typeof pattern === 'string') return pattern.split('').reverse().join('');
  const parts = 'seq' in pattern ? pattern.seq : pattern.any;
  let reversed = done.get(parts) as Pattern[] | undefined;
  if (!reversed) done.set(parts, (reversed = parts.map((part) => reverse(part, done))));
  return 'seq' in pattern ? { seq: [...reversed].reverse() } : { any: reversed };
}

/**
 * The automaton run as a DFA whose states (sets of nodes under way) are made as the text meets them,
 * with transitions by character code (ASCII in a table, the rest in a map). `anywhere`: a match may
 * begin at any character (the forward scan); `anchored`: only where the run began (the backward one).
 */
class LazyDfa {
  private sets: (readonly number[])[] = [];
  private ids = new Map<string, number>();
  /** ASCII transitions, 128 per state (-1: not made yet), by the character as it is (A and a both filled). */
  table = new Int32Array(0);
  private other: Map<number, number>[] = [];
  readonly start: number;

  constructor(
    readonly automaton: Automaton,
    private readonly mode: 'anywhere' | 'anchored',
  ) {
    this.reset();
    this.start = mode === 'anywhere' ? DEAD : this.state(automaton.first);
  }

  /** The transition from `state` on a character: `target * 2 + MATCHED` if a match ends on it. */
  next(state: number, char: number): number {
    const code = fold(char);
    const known = char < 128 ? this.table[state * 128 + char]! : (this.other[state]!.get(code) ?? -1);
    if (known >= 0) return known;
    const { nodes, matched } = this.automaton.step(this.sets[state]!, code, this.mode === 'anywhere');
    if (this.sets.length >= MAX_STATES) {
      // Start over, keeping the states a scan may be in: where it is, and where a scan starts.
      const here = this.sets[state]!;
      this.reset();
      if (this.mode === 'anchored') this.state(this.automaton.first);
      state = this.state(here);
    }
    const target = this.state(nodes) * 2 + (matched ? MATCHED : 0);
    if (char < 128) this.table[state * 128 + char] = target;
    else this.other[state]!.set(code, target);
    return target;
  }

  private reset() {
    this.sets = [];
    this.ids = new Map();
    this.table = new Int32Array(128 * 64).fill(-1);
    this.other = [];
    this.state([]);
  }

  /** The state for a set of nodes, made if it is new. */
  private state(nodes: readonly number[]): number {
    const key = nodes.join(',');
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.sets.length;
      this.ids.set(key, id);
      this.sets.push(nodes);
      if (this.table.length < this.sets.length * 128) {
        const grown = new Int32Array(this.table.length * 2).fill(-1);
        grown.set(this.table);
        this.table = grown;
      }
      this.other.push(new Map());
    }
    return id;
  }
}

/** Adds a match to the spans found so far, joined with any it overlaps or adjoins (ends only grow). */
function join(spans: Span[], start: number, end: number) {
  let last = spans[spans.length - 1];
  while (last && start <= last.end) {
    spans.pop();
    start = Math.min(start, last.start);
    end = Math.max(end, last.end);
    last = spans[spans.length - 1];
  }
  spans.push({ start, end });
}
