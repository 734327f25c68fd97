/**
 * A set of strings written as a tree: a literal text, a sequence of parts, or any one of some options.
 * The token's spellings are such a tree (each character spelt any of several ways, spelt again), far
 * too many to list one by one but small as a tree.
 */
export type Pattern = string | { seq: Pattern[] } | { any: Pattern[] };

export interface Span { start: number; end: number }

const MATCH = -1;
const SPLIT = -2;
/** Past this many remembered states the scan's cache starts over: memory stays bounded whatever the text. */
const MAX_STATES = 4_096;

/** ASCII letters in either case are one: hex digits, percent escapes and entity names come in both. */
const fold = (code: number) => (code >= 65 && code <= 90 ? code + 32 : code);

/**
 * Finds every stretch of a text that spells one of the patterns, in time linear in the text whatever the
 * text: the patterns are compiled to an automaton (one node per character of each option, options that
 * begin alike sharing their beginning) that is never backtracked through. A regular expression of the
 * same patterns backtracks exponentially on the many ways a text can be read as the token spelt twice
 * (`61` is both hex of `a` and `a` spelt as hex, then left as it is).
 *
 * The scan runs the automaton as a lazily built DFA, one table look-up per character; only where it
 * finds a match does a slower pass (a Pike VM, which knows where each match began) look back at most
 * the longest spelling's length to find the match's start.
 */
export class SpellingMatcher {
  /** Per node: the character code it consumes, or MATCH, or SPLIT. */
  private readonly codes: number[] = [];
  /** Per character node, the node after it; per split node, where it may go. */
  private readonly next: number[] = [];
  private readonly branches: number[][] = [];
  /** The character nodes a match can begin with, by their (folded) code: what every position may start. */
  private readonly firstAscii: (number[] | undefined)[] = new Array(128);
  private readonly firstOther = new Map<number, number[]>();
  /** The longest text any pattern spells: how far back a match's start can be. */
  readonly longest: number;
  private marks = new Int32Array(0);
  private generation = 0;
  private dfa = new LazyDfa();

  constructor(patterns: Pattern[]) {
    const root = this.compile({ any: patterns }, this.node(MATCH, -1));
    this.marks = new Int32Array(this.codes.length);
    const visit = (node: number) => {
      const code = this.codes[node]!;
      if (code === SPLIT) this.branches[node]!.forEach(visit);
      else if (code !== MATCH) this.first(code).push(node);
    };
    visit(root);
    this.longest = longest({ any: patterns });
  }

  get size() { return this.codes.length; }

  /** The stretches of `text` that spell a pattern, in order, overlapping and adjoining ones joined. */
  find(text: string): Span[] {
    const ends = this.matchEnds(text);
    const spans: Span[] = [];
    for (let at = 0; at < ends.length;) {
      // Matches whose look-back windows overlap are looked at in one pass.
      let last = at;
      while (last + 1 < ends.length && ends[last + 1]! - this.longest <= ends[last]!) last += 1;
      for (const span of this.spansIn(text, Math.max(0, ends[at]! - this.longest), ends[last]!)) join(spans, span.start, span.end);
      at = last + 1;
    }
    return spans;
  }

  /** Where matches end, by the DFA. */
  private matchEnds(text: string): number[] {
    const ends: number[] = [];
    let state = 0;
    for (let index = 0; index < text.length; index += 1) {
      const code = fold(text.charCodeAt(index));
      let target = this.dfa.target(state, code);
      if (target === undefined) {
        const { nodes, matched } = this.step(this.dfa.nodes(state), code);
        if (this.dfa.size >= MAX_STATES) {
          // Start the cache over, keeping only where the scan is.
          const here = this.dfa.nodes(state);
          this.dfa = new LazyDfa();
          state = this.dfa.state(here);
        }
        target = this.dfa.state(nodes) * 2 + (matched ? 1 : 0);
        this.dfa.setTarget(state, code, target);
      }
      if (target & 1) ends.push(index + 1);
      state = target >> 1;
    }
    return ends;
  }

  /** The nodes under way after `code`, from those under way before it, and whether a match ends there. */
  private step(nodes: readonly number[], code: number): { nodes: number[]; matched: boolean } {
    const generation = this.nextGeneration();
    const after: number[] = [];
    let matched = false;
    const add = (node: number) => {
      if (this.marks[node] === generation) return;
      this.marks[node] = generation;
      const nodeCode = this.codes[node]!;
      if (nodeCode === SPLIT) this.branches[node]!.forEach(add);
      else if (nodeCode === MATCH) matched = true;
      else after.push(node);
    };
    for (const node of nodes) if (this.codes[node] === code) add(this.next[node]!);
    for (const node of this.firstNodes(code) ?? []) add(this.next[node]!);
    return { nodes: after.sort((a, b) => a - b), matched };
  }

  /** The matches within text[from, to), each from its earliest start: a Pike VM, whose threads carry their start. */
  private spansIn(text: string, from: number, to: number): Span[] {
    const spans: Span[] = [];
    let threads: number[] = [];
    let starts: number[] = [];
    for (let index = from; index < to; index += 1) {
      const code = fold(text.charCodeAt(index));
      const generation = this.nextGeneration();
      const nextThreads: number[] = [];
      const nextStarts: number[] = [];
      const end = index + 1;
      // Threads are kept in the order they started, so the first to reach a node is the one that started earliest.
      const add = (node: number, start: number) => {
        if (this.marks[node] === generation) return;
        this.marks[node] = generation;
        const nodeCode = this.codes[node]!;
        if (nodeCode === SPLIT) for (const branch of this.branches[node]!) add(branch, start);
        else if (nodeCode === MATCH) join(spans, start, end);
        else { nextThreads.push(node); nextStarts.push(start); }
      };
      for (let thread = 0; thread < threads.length; thread += 1) {
        const node = threads[thread]!;
        if (this.codes[node] === code) add(this.next[node]!, starts[thread]!);
      }
      for (const node of this.firstNodes(code) ?? []) add(this.next[node]!, index);
      threads = nextThreads;
      starts = nextStarts;
    }
    return spans;
  }

  private nextGeneration() {
    if (this.generation === 0x7fffffff) { this.marks.fill(0); this.generation = 0; }
    return ++this.generation;
  }

  private firstNodes(code: number) {
    return code < 128 ? this.firstAscii[code] : this.firstOther.get(code);
  }

  private first(code: number): number[] {
    if (code < 128) return (this.firstAscii[code] ??= []);
    let nodes = this.firstOther.get(code);
    if (!nodes) this.firstOther.set(code, nodes = []);
    return nodes;
  }

  private node(code: number, next: number, branches: number[] = []) {
    this.codes.push(code);
    this.next.push(next);
    this.branches.push(branches);
    return this.codes.length - 1;
  }

  /** The node that matches `pattern` and then goes on to `then`. */
  private compile(pattern: Pattern, then: number): number {
    if (typeof pattern === 'string') return this.literals([pattern], then);
    if ('seq' in pattern) return pattern.seq.reduceRight<number>((after, part) => this.compile(part, after), then);
    const texts = pattern.any.filter((option): option is string => typeof option === 'string');
    const trees = pattern.any.filter((option) => typeof option !== 'string');
    const entries = [...(texts.length ? [this.literals(texts, then)] : []), ...trees.map((tree) => this.compile(tree, then))];
    return entries.length === 1 ? entries[0]! : this.node(SPLIT, -1, entries);
  }

  /** Literal options as a trie: texts that share a beginning share its nodes. */
  private literals(texts: string[], then: number, depth = 0): number {
    const byNext = new Map<number, string[]>();
    let ends = false;
    for (const text of texts) {
      if (text.length === depth) { ends = true; continue; }
      const code = fold(text.charCodeAt(depth));
      let same = byNext.get(code);
      if (!same) byNext.set(code, same = []);
      same.push(text);
    }
    const entries = [...byNext].map(([code, same]) => this.node(code, this.literals(same, then, depth + 1)));
    if (ends) entries.push(then);
    return entries.length === 1 ? entries[0]! : this.node(SPLIT, -1, entries);
  }
}

/**
 * The DFA's states as they are met: each a set of automaton nodes under way, with its transitions by
 * character code (ASCII in a table, the rest in a map). A transition is `target * 2 + 1` when a match ends on it.
 */
class LazyDfa {
  private readonly sets: (readonly number[])[] = [[]];
  private readonly ids = new Map<string, number>([['', 0]]);
  private readonly ascii: Int32Array[] = [new Int32Array(128).fill(-1)];
  private readonly other: Map<number, number>[] = [new Map()];

  get size() { return this.sets.length; }

  nodes(state: number): readonly number[] { return this.sets[state]!; }

  target(state: number, code: number): number | undefined {
    if (code < 128) {
      const target = this.ascii[state]![code]!;
      return target < 0 ? undefined : target;
    }
    return this.other[state]!.get(code);
  }

  /** The state for a set of nodes, added if it is new. */
  state(nodes: readonly number[]): number {
    const key = nodes.join(',');
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.sets.length;
      this.ids.set(key, id);
      this.sets.push(nodes);
      this.ascii.push(new Int32Array(128).fill(-1));
      this.other.push(new Map());
    }
    return id;
  }

  setTarget(state: number, code: number, target: number) {
    if (code < 128) this.ascii[state]![code] = target;
    else this.other[state]!.set(code, target);
  }
}

function longest(pattern: Pattern): number {
  if (typeof pattern === 'string') return pattern.length;
  if ('seq' in pattern) return pattern.seq.reduce((sum, part) => sum + longest(part), 0);
  return pattern.any.reduce((most, option) => Math.max(most, longest(option)), 0);
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
