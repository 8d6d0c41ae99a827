import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ACCESS_DB_FILE } from '../../../core/auth/access-db.js';
import { ACCESS_MIGRATIONS } from '../../../core/auth/access-schema.js';
import { MIGRATIONS } from '../../../core/store/schema.js';
import { tempDir } from '../../helpers/temp-dir.js';

const worker = path.join(path.dirname(fileURLToPath(import.meta.url)), 'open-together-worker.ts');
const PROCESSES = 4;

/**
 * Processes opening one new database file together (`serve --workers 2` on a fresh folder) all
 * read its schema version as 0 before the first of them has migrated it. Each migration step
 * must read the version again under the write lock: before, a second process applied the
 * first migration again and died on "table access_meta already exists" (a server worker lost
 * at start, 1 start in 6 here). The test holds the file's write lock until every process has
 * started and read the version, so the race is run every time, not by chance.
 */
describe('opening one new database from several processes at once', () => {
  for (const { kind, file, migrations } of [
    { kind: 'keys', file: ACCESS_DB_FILE, migrations: ACCESS_MIGRATIONS.length },
    { kind: 'copy', file: 'catastro.sqlite', migrations: MIGRATIONS.length },
  ]) {
    it(`${kind}: every process opens it, and it is migrated once to version ${migrations}`, async () => {
      const dataDir = tempDir(`catastro-open-together-${kind}-`);
      const dbFile = path.join(dataDir, file);
      const holder = new Database(dbFile);
      holder.pragma('journal_mode = WAL');
      holder.exec('BEGIN IMMEDIATE');
      let ready = 0;
      let released!: () => void;
      const allReady = new Promise<void>((resolve) => {
        released = resolve;
      });
      const runs = Array.from(
        { length: PROCESSES },
        () =>
          new Promise<string>((resolve) => {
            const child = execFile(process.execPath, ['--import', 'tsx', worker, kind, dataDir, dbFile], { timeout: 60_000 }, (error, stdout, stderr) =>
              resolve(`${stdout}${error && !stdout.includes('failed') ? stderr : ''}`),
            );
            child.stdout!.on('data', (chunk: Buffer) => {
              if (chunk.toString().includes('ready') && ++ready === PROCESSES) released();
            });
          }),
      );
      await allReady;
      // Each process reads the version (0) and then waits for the lock this connection holds.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      holder.exec('COMMIT');
      const outputs = await Promise.all(runs);
      expect(outputs.map((output) => output.trim().split('\n').at(-1))).toEqual(Array(PROCESSES).fill('opened'));
      expect(holder.pragma('user_version', { simple: true })).toBe(migrations);
      holder.close();
    }, 90_000);
  }
});
