import Big from 'big.js';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PriceBook, summarise, upgradeRow, type CallRow, type Operation, type SessionSummary } from './rows.ts';

export type { Attempt, CallRow, Charged, Operation, SessionSummary } from './rows.ts';

interface SessionStart { type: 'session'; id: string; at: string }
/** A personal limit set from the browser; the operator's CREDIT_LIMIT is never written here. */
interface BudgetChange { type: 'budget'; limit: string | null; at: string }
/** Written before a paid request leaves: no record, no spend. Its settlement is the call row with the same id. */
interface Pending { type: 'pending'; id: string; session: string; at: string; operation: Operation; params: Record<string, unknown> }
/** The operator has looked at calls whose outcome is unknown and released them from the budget. */
interface Cleared { type: 'cleared'; ids: string[]; at: string }
type LedgerEvent = ({ type: 'call' } & CallRow) | SessionStart | BudgetChange | Pending | Cleared;

/** Why the ledger could not be written, in one line a person can act on. */
export class LedgerWriteError extends Error {}

export function describeStorageError(error: unknown, file: string): string {
  const code = (error as NodeJS.ErrnoException).code;
  const why = code === 'ENOSPC' ? 'the disk is full' : code === 'EACCES' || code === 'EPERM' ? 'permission denied'
    : code === 'EROFS' ? 'the file system is read-only' : code === 'EDQUOT' ? 'the disk quota is exceeded' : (error as Error).message;
  return `cannot write the ledger ${file}: ${why}${code ? ` (${code})` : ''}`;
}

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
  /** Journalled before sending, never settled: a crash or kill while the upstream had the request. */
  private unsettled = new Map<string, Pending>();
  private unknownOutcomes: CallRow[] = [];

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
    this.settleUnknownOutcomes();
  }

  /**
   * A request journalled but never settled may have been charged: it becomes a row "outcome unknown",
   * at the operation's list price, which counts against the operator's budget until the operator clears it.
   */
  private settleUnknownOutcomes() {
    for (const pending of this.unsettled.values()) {
      const price = this.prices.highestPrice(pending.operation) ?? '0';
      const row: CallRow = {
        id: pending.id, session: pending.session, at: pending.at, operation: pending.operation, params: pending.params,
        status: 0, credits: price, durationMs: 0, ok: false, charged: 'unknown', errorKind: 'outcome_unknown',
        attempts: [{ at: pending.at, status: 0, durationMs: 0, credits: price, charged: 'unknown' }],
      };
      this.unknownOutcomes.push(row);
      const session = this.sessions.find((candidate) => candidate.id === pending.session) ?? this.current;
      session.rows.push(row);
      if (session === this.current) this.total = this.total.plus(price);
      this.sinceStart = this.sinceStart.plus(price);
    }
    this.unsettled.clear();
  }

  /** Calls that may have been charged but were never settled (shown to the operator, counted in the budget). */
  outcomesUnknown(): CallRow[] { return this.unknownOutcomes; }

  /** The operator's release of unknown outcomes from the budget (`npm run ledger -- clear-unknown`). */
  clearUnknownOutcomes(): number {
    const ids = this.unknownOutcomes.map((row) => row.id);
    if (ids.length === 0) return 0;
    this.append({ type: 'cleared', ids, at: new Date().toISOString() });
    for (const row of this.unknownOutcomes) this.sinceStart = this.sinceStart.minus(row.credits);
    this.unknownOutcomes = [];
    return ids.length;
  }

  /**
   * Journals a paid request before it is sent. Throws LedgerWriteError (and nothing may be sent)
   * when the entry cannot be written: disk full, read-only, permissions.
   */
  journal(operation: Operation, params: Record<string, unknown>): string {
    const id = randomUUID();
    try {
      this.append({ type: 'pending', id, session: this.current.id, at: new Date().toISOString(), operation, params });
    } catch (error) {
      throw new LedgerWriteError(describeStorageError(error, this.file));
    }
    return id;
  }

  private replay(text: string) {
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      let event: LedgerEvent;
      // A torn last line from a crash mid-write is skipped, never fatal.
      try { event = JSON.parse(line) as LedgerEvent; } catch { continue; }
      if (event.type === 'session') { this.sessions.push({ id: event.id, startedAt: event.at, rows: [] }); this.total = new Big(0); }
      if (event.type === 'budget') this.personalLimit = event.limit;
      if (event.type === 'pending') this.unsettled.set(event.id, event);
      if (event.type === 'cleared') for (const id of event.ids) this.unsettled.delete(id);
      if (event.type === 'call' && this.sessions.length > 0) {
        this.unsettled.delete(event.id);
        const { type: _type, ...stored } = event;
        const row = upgradeRow(stored);
        this.current.rows.push(row);
        this.total = this.total.plus(row.credits);
        this.prices.see(row);
      }
    }
  }

  /**
   * Durability: written through to the operating system before returning (write(2), no fsync), so the
   * entry outlives a crash or `kill -9` of this process, which is what stands between a sent request and
   * its record; an fsync per call would cost the proxy milliseconds to cover power loss as well.
   */
  private append(event: LedgerEvent) {
    const line = Buffer.from(`${JSON.stringify(event)}\n`);
    const written = fs.writeSync(this.fd, line);
    // A short write on a full disk leaves half a line: the replay skips it, and the caller must know.
    if (written !== line.length) throw Object.assign(new Error('short write'), { code: 'ENOSPC' });
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

  /** Settles a journalled request (same id), or records a call that was never sent (a refusal). */
  record(call: NewCall, journalId: string = randomUUID()): CallRow {
    const row: CallRow = { ...call, id: journalId, session: this.current.id, at: new Date().toISOString(), credits: new Big(call.credits).toString() };
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
