import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { QuotaLedger } from '../../../core/auth/quota.js';

const run = promisify(execFile);
const worker = path.join(path.dirname(fileURLToPath(import.meta.url)), 'quota-worker.ts');

/**
 * Truly parallel charging: four processes, each with its own connection to one WAL database
 * file, race on one key. The sum of what each process kept must equal the counter, and the
 * counter must never pass the limit.
 */
describe('contract: quota across processes', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('four processes × 400 charges on a 1,000-unit allowance: counter equals the units kept, never above the limit', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-quota-procs-'));
    const dbFile = path.join(dir, 'catastro.sqlite');
    const setup = new Database(dbFile);
    setup.pragma('journal_mode = WAL');
    new QuotaLedger(setup); // creates the table before the race
    setup.close();

    const results = await Promise.all(
      Array.from({ length: 4 }, () => run(process.execPath, ['--import', 'tsx', worker, dbFile, 'shared-key', '400', '1000'], { timeout: 60_000 })),
    );
    const kept = results.reduce((sum, r) => sum + Number(r.stdout), 0);

    const db = new Database(dbFile);
    const used = new QuotaLedger(db).peek('shared-key').used;
    db.close();
    expect(used).toBe(kept);
    expect(used).toBeLessThanOrEqual(1000);
    expect(used).toBeGreaterThan(900); // the race really ran into the limit
  });
});
