import { existsSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { dataDirOf, isSqliteBusy, openSharedSqliteFile } from '../store/db.js';
import { createLatestIfNew, migrateByUserVersion } from '../store/user-version-migrations.js';
import { ACCESS_MIGRATIONS, latestAccessSchema } from './access-schema.js';

export type AccessDatabase = Database.Database;

/** Keys and usage counters, in their own file beside the copy (`catastro.sqlite`). */
export const ACCESS_DB_FILE = 'api-access.sqlite';
/** The copy's file, where keys and usage lived before they moved out (moved once, on open). */
export const LEGACY_DB_FILE = 'catastro.sqlite';

/**
 * How long a key check or a quota charge waits for another writer of this file (another server
 * process, the `keys` command). Their writes are one-row statements, so the wait is normally
 * microseconds; a bulk import never touches this file, so it can never hold it up.
 */
export const ACCESS_BUSY_TIMEOUT_MS = 10_000;

/** The data folder of a copy's SQLite file (`:memory:` stays in memory), where its keys database lives. */
export const accessDirOf = dataDirOf;

/**
 * Opens (creating and migrating) the keys-and-usage database of a data folder. It is a file of
 * its own, with its own connection, so a bulk import holding the copy's write lock for minutes
 * never makes a keyed request wait (issue #10: every keyed call answered 500 during an import).
 * On the first open of a folder written by an older version, its keys and usage rows are moved
 * over from the copy's file.
 */

export function openAccessDatabase(dataDir: string | ':memory:'): AccessDatabase {
  const inMemory = dataDir === ':memory:';
  return openSharedSqliteFile(inMemory ? ':memory:' : path.join(dataDir, ACCESS_DB_FILE), {
    busyTimeoutMs: ACCESS_BUSY_TIMEOUT_MS,
    setUp: (db) => {
      migrateAccessDatabase(db);
      if (!inMemory) moveLegacyRows(db, path.join(dataDir, LEGACY_DB_FILE));
    },
  });
}

/**
 * Applies the access migrations to a connection (idempotent; KeyStore and UsageCounter call it,
 * so a connection opened by hand, as tests do, gets the same tables).
 */
export function migrateAccessDatabase(db: AccessDatabase): void {
  createLatestIfNew(db, latestAccessSchema, ACCESS_MIGRATIONS.length);
  migrateByUserVersion(db, ACCESS_MIGRATIONS, { fileName: 'The keys database', apply: (migration) => db.exec(migration) });
}

const MOVED = 'legacy_rows_moved';
const LEGACY_TABLES = ['api_keys', 'api_usage'] as const;

/**
 * Copies the keys and usage rows of an older data folder out of the copy's file, once (the
 * copy runs in one IMMEDIATE transaction that also records it, so two processes starting
 * together copy once), then drops the old tables so no key hash stays in the copy. If the copy
 * is busy (an import holds it), the drop waits for the next start; the rows are already here.
 */
function moveLegacyRows(db: AccessDatabase, legacyFile: string): void {
  if (!existsSync(legacyFile)) return;
  const legacy = new Database(legacyFile, { fileMustExist: true });
  try {
    legacy.pragma('busy_timeout = 2000');
    const present = LEGACY_TABLES.filter((table) => legacy.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== undefined);
    if (present.length === 0) return;
    db.transaction(() => {
      if (db.prepare('SELECT 1 FROM access_meta WHERE name = ?').get(MOVED)) return;
      if (present.includes('api_keys')) {
        const insert = db.prepare(`INSERT OR IGNORE INTO api_keys (id, key_hash, tier, organisation, label, expires_on, created_at, revoked_at)
          VALUES (@id, @key_hash, @tier, @organisation, @label, @expires_on, @created_at, @revoked_at)`);
        for (const row of legacy.prepare('SELECT * FROM api_keys').iterate()) insert.run(row);
      }
      if (present.includes('api_usage')) {
        const insert = db.prepare(`INSERT INTO api_usage (subject, period, used) VALUES (@subject, @period, @used)
          ON CONFLICT (subject, period) DO UPDATE SET used = max(used, excluded.used)`);
        for (const row of legacy.prepare('SELECT * FROM api_usage').iterate()) insert.run(row);
      }
      db.prepare('INSERT INTO access_meta (name, value) VALUES (?, ?)').run(MOVED, new Date().toISOString());
    }).immediate();
    try {
      legacy
        .transaction(() => {
          for (const table of present) legacy.exec(`DROP TABLE ${table}`);
        })
        .immediate();
    } catch (error) {
      if (!isSqliteBusy(error)) throw error;
    }
  } finally {
    legacy.close();
  }
}
