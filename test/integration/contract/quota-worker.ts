// A separate process charging one key through its own SQLite connection, as `serve --workers`
// does. Prints how many of its charges were admitted.
import Database from 'better-sqlite3';
import { QuotaLedger } from '../../../core/auth/quota.js';

const [dbFile, keyId, attempts, limit] = process.argv.slice(2);
const db = new Database(dbFile);
db.pragma('busy_timeout = 10000');
const ledger = new QuotaLedger(db);
let admitted = 0;
for (let i = 0; i < Number(attempts); i++) {
  if (ledger.charge(keyId, 1, Number(limit)).accepted) admitted++;
  // Give back every third admitted unit, like a request that ended in a free answer.
  if (i % 3 === 0 && admitted > 0) {
    const state = ledger.charge(keyId, 0);
    ledger.settle(keyId, -1, Number(limit), state.period);
    admitted--;
  }
}
db.close();
process.stdout.write(String(admitted));
