import Big from 'big.js';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PriceBook, summarise, upgradeRow, type CallRow, type Operation, type SessionSummary } from './rows.ts';

export type { Attempt, CallRow, Charged, Operation, SessionSummary } from './rows.ts';

interface SessionStart { type: 'session'; id: string; at: string }
/** A personal limit set from the browser; the operator's CREDIT_LIMIT is never written here. */
interface BudgetChange { type: 'budget'; limit: string | null; at: string }
type LedgerEvent = ({ type: 'call' } & CallRow) | SessionStart | BudgetChange;

export type NewCall = Omit<CallRow, 'id' | 'session' | 'at' | 'credits'> & { credits: number | string };

/**
 * Append-only JSON-lines ledger. Each paid call is written synchronously before its
 * response goes to the browser, so a crash or kill after the upstream answered loses nothing.
 */
export class Ledger {
  private readonly file: string;
  private readonly fd: number;
  private sessions: { id: string; startedAt: string; rows: CallRow[] }[] = [];
  private total = new Big(0);
  /** Spend recorded by this process: what the operator's ceiling counts, whatever sessions the browser starts. */
  private sinceStart = new Big(0);
  readonly prices = new PriceBook();
  personalLimit: string | null = null;

  constructor(dataDir: string) {
    fs.mkdirSync(dataDir, { recursive: true });
    this.file = path.join(dataDir, 'ledger.jsonl');
    const existing = fs.existsSync(this.file) ? fs.readFileSync(this.file, 'utf8') : '';
    this.replay(existing);
    this.fd = fs.openSync(this.file, 'a');
    // A crash mid-write leaves a torn last line without its newline: end it, or the next row
    // would be glued onto it and lost at the following replay.
    if (existing && !existing.endsWith('\n')) fs.writeSync(this.fd, '\n');
    if (this.sessions.length === 0) this.startSession();
  }

  private replay(text: string) {
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      let event: LedgerEvent;
      // A torn last line from a crash mid-write is skipped, never fatal.
      try { event = JSON.parse(line) as LedgerEvent; } catch { continue; }
      if (event.type === 'session') { this.sessions.push({ id: event.id, startedAt: event.at, rows: [] }); this.total = new Big(0); }
      if (event.type === 'budget') this.personalLimit = event.limit;
      if (event.type === 'call' && this.sessions.length > 0) {
        const { type: _type, ...stored } = event;
        const row = upgradeRow(stored);
        this.current.rows.push(row);
        this.total = this.total.plus(row.credits);
        this.prices.see(row);
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

  setPersonalLimit(limit: string | null) {
    this.personalLimit = limit;
    this.append({ type: 'budget', limit, at: new Date().toISOString() });
  }

  record(call: NewCall): CallRow {
    const row: CallRow = { ...call, id: randomUUID(), session: this.current.id, at: new Date().toISOString(), credits: new Big(call.credits).toString() };
    this.append({ type: 'call', ...row });
    this.current.rows.push(row);
    this.total = this.total.plus(row.credits);
    this.sinceStart = this.sinceStart.plus(row.credits);
    this.prices.see(row);
    return row;
  }

  /** The current session's spend. */
  get spent(): string { return this.total.toString(); }
  get spentSinceStart(): string { return this.sinceStart.toString(); }

  summary(): SessionSummary { return summarise(this.current.id, this.current.startedAt, this.current.rows); }
  rows(): CallRow[] { return this.current.rows; }
  findRow(id: string): CallRow | undefined { return this.sessions.flatMap((session) => session.rows).find((row) => row.id === id); }
  pastSessions(): SessionSummary[] {
    return this.sessions.slice(0, -1).map((session) => summarise(session.id, session.startedAt, session.rows)).reverse();
  }

  /** Latest charged price per operation, across every session in the file. */
  lastPrices(): Record<Operation, string | null> {
    return { timeline: this.prices.lastPrice('timeline'), search: this.prices.lastPrice('search') };
  }

  close() { fs.closeSync(this.fd); }
}
