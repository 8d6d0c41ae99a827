import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import { MIGRATIONS } from './schema.js';
import { migrateByUserVersion } from './user-version-migrations.js';

// Required, not imported: Node's ESM loader scans a CommonJS package's whole source for its export
// names before running it (cjs-module-lexer), a tenth of an import's start-up (README "Import against GDAL").
/** better-sqlite3's constructor, for the few connections opened without openDatabase's settings. */
export const Database = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;

export type SqliteDatabase = BetterSqlite3.Database;

/** The most better-sqlite3's SQLite maps of a file (its SQLITE_MAX_MMAP_SIZE); asking for more gives this. */
const MAX_MMAP_BYTES = 0x7fff0000;

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
  // kind of machine the system call, not the disk, was a third of a reference lookup. As much as
  // better-sqlite3's SQLite maps (compiled with SQLITE_MAX_MMAP_SIZE=0x7fff0000, just under 2 GiB):
  // on a 10 M-parcel copy (5.8 GB) a point lookup then makes 4.3 read() calls instead of 5.8
  // (README "Scale"). Mapped pages are the system's file cache, not this process's own memory.
  db.pragma(`mmap_size = ${MAX_MMAP_BYTES}`);
  return db;
}

/** Page cache of a bulk import's connection: small, so an import's peak memory does not grow with the file. */
const BULK_WRITE_CACHE_KIB = 8 * 1024;

/**
 * Opens the connection a bulk import writes through (import-runner.ts; bench-store.ts measures
 * the same writer). No memory map: mapped pages of a large copy would count against the import's
 * memory, and inside a write transaction SQLite looks every read-only page fetch of a mapped
 * connection (all of the R*Tree's reads) up in the WAL's hash tables before its page cache, a cost
 * that grows with the transaction's WAL (perf: 9 % of the writer's CPU at 0.5 M parcels in one
 * transaction, 21 % at 2 M; README "Scale: 1 M to 10 M parcels").
 */
export function openBulkWriteConnection(file: string): SqliteDatabase {
  const db = openDatabase(file);
  db.pragma(`cache_size = -${BULK_WRITE_CACHE_KIB}`);
  db.pragma('mmap_size = 0');
  return db;
}

/**
 * Brings a database to schema `target` (default: the newest), one transaction per migration.
 * Exported so tests can build a copy as an older version left it.
 */
export function migrate(db: SqliteDatabase, target = MIGRATIONS.length): void {
  migrateByUserVersion(db, MIGRATIONS, {
    target,
    fileName: 'The local copy',
    apply: (migration) => {
      if (typeof migration === 'string') db.exec(migration);
      else migration(db);
    },
  });
}
