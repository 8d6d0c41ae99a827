import { copyFileSync, existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { validationError } from '../model/index.js';

/**
 * What keeps a user's copy safe across an app update that changes its schema (issue #42):
 * a copy written by a newer version is refused before anything writes to it, an older one is
 * backed up before its migrations run, and a migration that fails puts the backup back.
 */

type DatabaseConstructor = typeof BetterSqlite3;

/** The backup beside the copy: `catastro.sqlite` → `catastro.before-upgrade.sqlite`. Only the last one is kept. */
export function upgradeBackupFile(copyFile: string): string {
  const { dir, name } = path.parse(copyFile);
  return path.join(dir, `${name}.before-upgrade.sqlite`);
}

/**
 * Reads the copy's schema version on a read-only connection (no journal change, no write) and,
 * before an upgrade, takes the backup. Throws VALIDATION_ERROR, the file left as it was, when a
 * newer version wrote it. Returns the backup taken, if any (none for a new or empty file, or
 * one already current).
 */
export function prepareCopyUpgrade(Database: DatabaseConstructor, file: string, knownVersions: number): string | undefined {
  if (!existsSync(file)) return undefined;
  let reader: BetterSqlite3.Database;
  let version: number;
  try {
    reader = new Database(file, { readonly: true, fileMustExist: true });
  } catch {
    return undefined; // Not a file SQLite opens: the usual open says so (db.ts unusableFile).
  }
  try {
    try {
      version = reader.pragma('user_version', { simple: true }) as number;
    } catch {
      return undefined; // Idem (not a database, damaged).
    }
    if (version > knownVersions) {
      throw validationError(
        `${file} was written by a newer version of Catastro Desktop (its schema is ${version}, this version knows up to ${knownVersions}). ` +
          'It was not opened and is unchanged: install the newer version again, or choose another data folder.',
      );
    }
    if (version === 0 || version === knownVersions) return undefined;
    const backup = upgradeBackupFile(file);
    const partial = `${backup}.partial-${process.pid}`;
    rmSync(partial, { force: true });
    // VACUUM INTO writes a consistent snapshot of the copy (one read transaction, whatever other
    // processes commit meanwhile) and runs synchronously, as every command opens the copy; the
    // backup API (better-sqlite3's db.backup) is asynchronous only. Written aside and renamed,
    // so a backup cut short never replaces the last good one.
    reader.prepare('VACUUM INTO ?').run(partial);
    renameSync(partial, backup);
    return backup;
  } finally {
    reader.close();
  }
}

/**
 * Puts the backup back after a failed upgrade (every connection to the copy closed): the copy is
 * replaced by a renamed copy of the backup, and the journal files of the failed attempt are removed
 * so SQLite cannot replay them onto it. The backup itself stays.
 */
export function restoreCopyFromBackup(file: string, backup: string): void {
  const restoring = `${file}.restoring-${process.pid}`;
  copyFileSync(backup, restoring);
  for (const journal of ['-wal', '-shm', '-journal']) rmSync(`${file}${journal}`, { force: true });
  renameSync(restoring, file);
}

/** The message of a failed upgrade whose backup was put back. */
export function upgradeFailed(file: string, backup: string, error: unknown): Error {
  return new Error(
    `${file} could not be upgraded to this version's schema (${(error as Error).message}). ` +
      `It was restored as it was from the backup taken before the upgrade (${backup}), which is kept; this version cannot open it.`,
    { cause: error },
  );
}
