import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import { MIGRATIONS } from './schema.js';

// Required, not imported: Node's ESM loader scans a CommonJS package's whole source for its export
// names before running it (cjs-module-lexer), a tenth of an import's start-up (README "Import against GDAL").
/** better-sqlite3's constructor, for the few connections opened without openDatabase's settings. */
export const Database = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;

export type SqliteDatabase = BetterSqlite3.Database;

/**
 * Opens (creating if needed) the local copy: WAL so readers never wait for an import and a
 * killed writer loses only its uncommitted transaction; synchronous=NORMAL is durable in WAL
 * except for the last commits on power loss, which a re-import or live read restores.
 */
export function openDatabase(file: string, options: { readonly?: boolean } = {}): SqliteDatabase {
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new Database(file, { readonly: options.readonly ?? false });
  db.pragma('busy_timeout = 5000');
  if (!options.readonly) {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    try {
      migrate(db);
    } catch (error) {
      db.close();
      throw error;
    }
  }
  db.pragma('cache_size = -65536'); // 64 MiB page cache for the B-tree interiors and hot rows
  // Pages beyond the cache are read through a memory map instead of a read() call each: on this
  // kind of machine the system call, not the disk, was a third of a reference lookup.
  db.pragma('mmap_size = 1073741824');
  return db;
}

/**
 * Brings a database to schema `target` (default: the newest), one transaction per migration.
 * Exported so tests can build a copy as an older version left it.
 */
export function migrate(db: SqliteDatabase, target = MIGRATIONS.length): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > MIGRATIONS.length) {
    throw new Error(`The local copy was written by a newer version (schema ${current}, this version knows ${MIGRATIONS.length}).`);
  }
  for (let version = current; version < target; version++) {
    const migration = MIGRATIONS[version];
    db.transaction(() => {
      if (typeof migration === 'string') db.exec(migration);
      else migration(db);
      db.pragma(`user_version = ${version + 1}`);
    }).immediate();
  }
}
