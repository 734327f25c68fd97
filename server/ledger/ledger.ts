import Big from 'big.js';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export type Operation = 'timeline' | 'search';

export interface CallRow {
  id: string;
  session: string;
  at: string;
  operation: Operation;
  params: Record<string, unknown>;
  status: number;
  /** Exact decimal as a string: sums never pass through binary floating point. */
  credits: string;
  durationMs: number;
  ok: boolean;
  errorKind?: string;
}

interface SessionStart { type: 'session'; id: string; at: string }
interface BudgetChange { type: 'budget'; limit: string | null; at: string }
type LedgerEvent = ({ type: 'call' } & CallRow) | SessionStart | BudgetChange;

export interface SessionSummary {
  id: string;
  startedAt: string;
  calls: number;
  total: string;
  byOperation: Record<Operation, { calls: number; total: string }>;
}

function summarise(id: string, startedAt: string, rows: CallRow[]): SessionSummary {
  const byOperation = { timeline: { calls: 0, total: new Big(0) }, search: { calls: 0, total: new Big(0) } };
  let total = new Big(0);
  for (const row of rows) {
    total = total.plus(row.credits);
    byOperation[row.operation].calls += 1;
    byOperation[row.operation].total = byOperation[row.operation].total.plus(row.credits);
  }
  return {
    id, startedAt, calls: rows.length, total: total.toString(),
    byOperation: {
      timeline: { calls: byOperation.timeline.calls, total: byOperation.timeline.total.toString() },
      search: { calls: byOperation.search.calls, total: byOperation.search.total.toString() },
    },
  };
}

/**
 * Append-only JSON-lines ledger. Each paid call is written synchronously before its
 * response goes to the browser, so a crash or kill after the upstream answered loses nothing.
 */
export class Ledger {
  private readonly file: string;
  private readonly fd: number;
  private sessions: { id: string; startedAt: string; rows: CallRow[] }[] = [];
  private total = new Big(0);
  limit: string | null;

  constructor(dataDir: string, initialLimit: string | null) {
    fs.mkdirSync(dataDir, { recursive: true });
    this.file = path.join(dataDir, 'ledger.jsonl');
    this.limit = initialLimit;
    const existing = fs.existsSync(this.file) ? fs.readFileSync(this.file, 'utf8') : '';
    this.replay(existing);
    this.fd = fs.openSync(this.file, 'a');
    // A crash mid-write leaves a torn last line without its newline: end it, or the next row
    // would be glued onto it and lost at the following replay.
    if (existing && !existing.endsWith('\n')) fs.writeSync(this.fd, '\n');
    if (this.sessions.length === 0) this.startSession();
    // The environment's limit wins over one set earlier from the UI: it is what the operator asked for now.
    if (initialLimit !== null) this.limit = initialLimit;
  }

  private replay(text: string) {
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      let event: LedgerEvent;
      // A torn last line from a crash mid-write is skipped, never fatal.
      try { event = JSON.parse(line) as LedgerEvent; } catch { continue; }
      if (event.type === 'session') { this.sessions.push({ id: event.id, startedAt: event.at, rows: [] }); this.total = new Big(0); }
      if (event.type === 'budget') this.limit = event.limit;
      if (event.type === 'call' && this.sessions.length > 0) {
        const { type: _type, ...row } = event;
        this.current.rows.push(row);
        this.total = this.total.plus(row.credits);
      }
    }
  }

  private append(event: LedgerEvent) {
    fs.writeSync(this.fd, `${JSON.stringify(event)}\n`);
  }

  private get current() { return this.sessions[this.sessions.length - 1]!; }

  startSession(): SessionSummary {
    const event: SessionStart = { type: 'session', id: randomUUID(), at: new Date().toISOString() };
    this.append(event);
    this.sessions.push({ id: event.id, startedAt: event.at, rows: [] });
    this.total = new Big(0);
    return this.summary();
  }

  setLimit(limit: string | null) {
    this.limit = limit;
    this.append({ type: 'budget', limit, at: new Date().toISOString() });
  }

  record(call: Omit<CallRow, 'id' | 'session' | 'at' | 'credits'> & { credits: number | string }): CallRow {
    const row: CallRow = { ...call, id: randomUUID(), session: this.current.id, at: new Date().toISOString(), credits: new Big(call.credits).toString() };
    this.append({ type: 'call', ...row });
    this.current.rows.push(row);
    this.total = this.total.plus(row.credits);
    return row;
  }

  get spent(): string { return this.total.toString(); }

  budgetReached(): boolean {
    return this.limit !== null && this.total.gte(this.limit);
  }

  remaining(): string | null {
    if (this.limit === null) return null;
    const left = new Big(this.limit).minus(this.total);
    return left.lt(0) ? '0' : left.toString();
  }

  summary(): SessionSummary { return summarise(this.current.id, this.current.startedAt, this.current.rows); }
  rows(): CallRow[] { return this.current.rows; }
  findRow(id: string): CallRow | undefined { return this.sessions.flatMap((session) => session.rows).find((row) => row.id === id); }
  pastSessions(): SessionSummary[] {
    return this.sessions.slice(0, -1).map((session) => summarise(session.id, session.startedAt, session.rows)).reverse();
  }

  close() { fs.closeSync(this.fd); }
}
