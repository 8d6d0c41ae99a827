// A separate process opening a data folder's database, as each `serve --workers` process does on
// start. Says "ready" before it opens (the test then lets the race run), and how the open ended.
import { openAccessDatabase } from '../../../core/auth/access-db.js';
import { openDatabase } from '../../../core/store/db.js';

const [kind, dataDir, copyFile] = process.argv.slice(2);
process.stdout.write('ready\n');
try {
  const db = kind === 'keys' ? openAccessDatabase(dataDir) : openDatabase(copyFile);
  db.close();
  process.stdout.write('opened\n');
} catch (error) {
  process.stdout.write(`failed: ${(error as Error).message}\n`);
  process.exitCode = 1;
}
