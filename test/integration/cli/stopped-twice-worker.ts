// Run by import-interrupted.test.ts as its own process: the data folder's copy open with a write
// transaction under way (as an import's is) when the process is told to stop twice. The two stops
// are the handlers' own events (process.emit), in order: two signals sent by the system can be
// merged into one or meet a command already stopped, so they cannot be timed to land mid-write.
import { interruptOnSignals, type StopSignal } from '../../../cli/interrupt.js';
import { openDatabase } from '../../../core/store/db.js';

const [file, first, second] = process.argv.slice(2) as [string, StopSignal, StopSignal];
const copy = openDatabase(file);
interruptOnSignals();
copy.exec('BEGIN IMMEDIATE');
copy.exec('CREATE TABLE written_while_stopping (value INTEGER)');
copy.prepare('INSERT INTO written_while_stopping VALUES (?)').run(1);
process.emit(first);
process.emit(second); // ends the process (cli/interrupt.ts)
process.stdout.write('still running after the second stop\n');
