import type { BudgetFigures } from '../budget/figures.ts';
import type { Limits } from '../budget/limits.ts';
import type { RecentSpend, TeamSpend } from '../../src/contract/session.ts';
import type { CallRow, Operation, SessionSummary } from '../ledger/rows.ts';
import { readBudgetFigures, readPersonFigures, type FigureSources } from './budget-figures.ts';
import type { Db } from './open.ts';
import { LedgerReads } from './reads/ledger-reads.ts';
import { Sessions, type SessionOwner } from './reads/sessions.ts';
import { SpendReads } from './reads/spend.ts';
import { readTeamSpend } from './reads/team.ts';
import { SpendAlerts } from './spend/alerts.ts';
import { Settings } from './settings.ts';
import type { Period } from './totals.ts';
import { Journal } from './write-path/journal.ts';
import { clearUnknownOutcomes, settleAbandoned } from './write-path/recover.ts';
import { Settlements } from './write-path/settle.ts';

/**
 * The ledger in the store shared by every process, as the rest of the server uses it, in three parts:
 * - the write path (write-path/): each paid call journalled ('pending', holding its reservation) before
 *   it is sent, settled with its totals, prices and archived answer, and recovered when its outcome is lost;
 * - the reads (reads/): rows page by page, sessions, exports, one call's detail;
 * - the settings (settings.ts): each person's own limit on their session.
 * Whether a call may be journalled, and what it reserves, is the budget's (budget/limits.ts).
 */
export class LedgerStore {
  readonly period: Period;
  private readonly sessions: Sessions;
  private readonly settings: Settings;
  private readonly figureSources: FigureSources;
  private readonly reads: LedgerReads;
  /** The write path, used directly by the purchaser: no record, no spend (write-path/journal.ts). */
  readonly journal: Journal;
  /** The write path: each journalled call settled with its totals, prices and archived answer (write-path/settle.ts). */
  readonly settlements: Settlements;
  /** Where the credits went, by handle, query, day or job (the Credits page). */
  readonly spend: SpendReads;
  /** The spend alerts the person sets, fired once each as the session state is read. */
  readonly alerts: SpendAlerts;

  constructor(
    readonly db: Db,
    readonly limits: Limits,
  ) {
    this.period = limits.period;
    this.sessions = new Sessions(db);
    this.settings = new Settings(db);
    this.reads = new LedgerReads(db, this.period, this.sessions);
    this.settlements = new Settlements(db);
    this.spend = new SpendReads(db);
    this.alerts = new SpendAlerts(db, this.sessions);
    this.figureSources = { period: this.period, sessions: this.sessions, settings: this.settings };
    // A journal entry written is a store taking writes again: settlements it refused need not wait for their next round.
    this.journal = new Journal(db, limits, this.figureSources, () => this.settlements.storeIsBack());
  }

  // Recovery of the write path.

  settleAbandoned(): Promise<number> {
    return settleAbandoned(this.db);
  }
  clearUnknownOutcomes(): Promise<number> {
    return clearUnknownOutcomes(this.db);
  }

  // The reads.

  /**
   * Read outside the write lock: for display only (Limits.state), never for an admission. With `person`, their
   * own limit too (#28), so the meter weighs it as the journal does.
   */
  async budgetFigures(person: string | null = null): Promise<BudgetFigures> {
    // The person's own session and session limit (#33), beside the store's figures.
    const figures = await readBudgetFigures(this.db.kysely, this.figureSources, person);
    if (person === null) return figures;
    return { ...figures, person: await readPersonFigures(this.db.kysely, person, figures.highest) };
  }
  /** Sessions are each person's own (#33): `who` is the asker, null where nobody signs in. */
  currentSession(who: SessionOwner = null): Promise<{ id: string; startedAt: string }> {
    return this.sessions.current(who);
  }
  startSession(who: SessionOwner = null): Promise<SessionSummary> {
    return this.sessions.start(who);
  }
  summary(who: SessionOwner = null): Promise<SessionSummary> {
    return this.sessions.summary(who);
  }
  recentSpend(since: Date, who: SessionOwner = null): Promise<RecentSpend> {
    return this.reads.recentSpend(since, who);
  }
  pastSessions(who: SessionOwner = null, limit?: number): Promise<SessionSummary[]> {
    return this.sessions.past(who, limit);
  }
  /** The team's spend in the operator's period, with each person's share for an admin (#33). */
  teamSpend(byPerson: boolean): Promise<TeamSpend> {
    return readTeamSpend(this.db.kysely, this.period, byPerson);
  }
  rowsPage(options: Parameters<LedgerReads['rowsPage']>[0]) {
    return this.reads.rowsPage(options);
  }
  rowsBetween(from: string, to: string, batch?: number, person?: string): AsyncGenerator<CallRow> {
    return this.reads.rowsBetween(from, to, batch, person);
  }
  findRow(id: string): Promise<CallRow | undefined> {
    return this.reads.findRow(id);
  }
  responseHeadersOf(id: string): Promise<Record<string, string>[] | null> {
    return this.reads.responseHeadersOf(id);
  }
  outcomesUnknown(): Promise<CallRow[]> {
    return this.reads.outcomesUnknown();
  }
  spentInPeriod(): Promise<string> {
    return this.reads.spentInPeriod();
  }
  prices(): Promise<Record<Operation, { last: string; highest: string } | null>> {
    return this.reads.prices();
  }

  // The settings.

  /** `who`'s own limit on their session (#33): setting it changes nobody else's. */
  personalLimit(who: SessionOwner = null): Promise<string | null> {
    return this.settings.personalLimit(who);
  }
  setPersonalLimit(who: SessionOwner, limit: string | null): Promise<void> {
    return this.settings.setPersonalLimit(who, limit);
  }
}
