import { loadConfig } from '../config.ts';
import { lockDataDir } from './dir-lock.ts';
import { Ledger } from './ledger.ts';

/**
 * `npm run ledger -- unknown` lists calls that were sent but never settled (a crash or kill while the
 * upstream had them); `npm run ledger -- clear-unknown` releases them from the operator's budget once
 * you have checked the upstream's own billing. Run it while the server is stopped: it takes the lock.
 */
const command = process.argv[2] ?? 'unknown';
const { dataDir } = loadConfig(process.env);
try {
  const lock = lockDataDir(dataDir);
  const ledger = new Ledger(dataDir);
  const unknown = ledger.outcomesUnknown();
  if (command === 'unknown') {
    console.log(unknown.length ? unknown.map((row) => `${row.at}  ${row.operation}  ${JSON.stringify(row.params)}  counted at ${row.credits}`).join('\n') : 'No call with an unknown outcome.');
  } else if (command === 'clear-unknown') {
    console.log(`Released ${ledger.clearUnknownOutcomes()} call(s) with an unknown outcome from the budget.`);
  } else {
    console.error(`Unknown command "${command}": use "unknown" or "clear-unknown".`);
    process.exitCode = 2;
  }
  ledger.close();
  lock.release();
} catch (error) {
  console.error(`creditscope ledger: ${(error as Error).message}`);
  process.exitCode = 1;
}
