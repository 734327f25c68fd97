import fs from 'node:fs';
import path from 'node:path';
import { whenOutputCloses } from './cli-output-closed.ts';
import { loadConfig } from './config.ts';
import { loadEnvFiles } from './http/options.ts';
import { AuditLog } from './identity/audit.ts';
import { openStore } from './store/store.ts';

/**
 * `npm run ledger -- unknown` lists calls that were sent but never settled (a crash or kill while the
 * upstream had them); `npm run ledger -- clear-unknown` releases them from the operator's budget once
 * you have checked the upstream's own billing. `npm run ledger -- export > ledger.jsonl` writes the
 * whole ledger in the JSON-lines format of earlier versions (which a fresh store imports). Safe while
 * servers run: the store serialises writers. The store is the one the server uses: the same environment and
 * .env files (as `npm run user` and `npm run job` read them).
 */
const USAGE = `usage: npm run ledger -- <command>
  unknown          the calls sent but never settled, counted at the price they held (the default)
  clear-unknown    release those calls from the operator's budget, once the upstream's billing is checked
  export           the whole ledger as JSON lines, to standard output`;
const COMMANDS = ['unknown', 'clear-unknown', 'export'];

whenOutputCloses('ledger', 'exit');
const [command = 'unknown', ...extra] = process.argv.slice(2);
// Read before the store is opened: a mistyped word creates no store, and a flag never rides along on clear-unknown.
const usageProblem =
  command === '--help' || command === '-h' || command === 'help'
    ? null
    : !COMMANDS.includes(command)
      ? `unknown command "${command}"`
      : extra.length > 0
        ? `${command} takes no arguments, got "${extra[0]}"`
        : null;
if (usageProblem !== null) {
  console.error(`creditscope ledger: ${usageProblem}\n\n${USAGE}`);
  process.exitCode = 2;
} else if (!COMMANDS.includes(command)) console.log(USAGE);
else
  try {
    const config = loadConfig(loadEnvFiles(process.cwd()));
    // Each command reads or releases what a ledger holds: a data folder with none is a mistyped one, not a new store.
    const held = ['creditscope.db', 'ledger.jsonl'].some((file) => fs.existsSync(path.join(config.dataDir, file)));
    if (!config.databaseUrl && !held)
      throw new Error(`no ledger in ${config.dataDir}: check CREDITSCOPE_DATA_DIR (nothing was created there)`);
    const store = await openStore(config, null);
    try {
      const unknown = await store.ledger.outcomesUnknown();
      if (command === 'unknown') {
        console.log(
          unknown.length
            ? unknown
                .map((row) => `${row.at}  ${row.operation}  ${JSON.stringify(row.params)}  counted at ${row.credits}`)
                .join('\n')
            : 'No call with an unknown outcome.',
        );
      } else if (command === 'export') {
        let session: string | null = null;
        for await (const row of store.ledger.rowsBetween('0000', '9999')) {
          if (row.session !== session) {
            session = row.session;
            process.stdout.write(`${JSON.stringify({ type: 'session', id: row.session, at: row.at })}\n`);
          }
          process.stdout.write(`${JSON.stringify({ type: 'call', ...row })}\n`);
        }
      } else if (command === 'clear-unknown') {
        const released = await store.ledger.clearUnknownOutcomes();
        // An admin action (#28): in the audit log admins read, by whoever ran the command.
        await store.db.transact((trx) =>
          new AuditLog(store.db).record(trx, {
            actor: 'cli',
            action: 'unknown-cleared',
            subject: null,
            detail: `${released} call(s)`,
          }),
        );
        console.log(`Released ${released} call(s) with an unknown outcome from the budget.`);
      }
    } finally {
      await store.close();
    }
  } catch (error) {
    console.error(`creditscope ledger: ${(error as Error).message}`);
    process.exitCode = 1;
  }
