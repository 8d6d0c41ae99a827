import path from 'node:path';
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import { ensureFolder } from '../file-checks.js';
import { validationError } from '../model/index.js';
import { prepareCopyUpgrade, restoreCopyFromBackup, upgradeFailed } from './copy-upgrade.js';
import { latestCopySchema, MIGRATIONS } from './schema.js';
import { createLatestIfNew, migrateByUserVersion } from './user-version-migrations.js';

// Required, not imported: Node's ESM loader scans a CommonJS package's whole source for its export
// names before running it (cjs-module-lexer), a tenth of an import's start-up (docs/performance.md "Import against GDAL").
/** better-sqlite3's constructor, for the few connections opened without openDatabase's settings. */
export const Database = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;

export type SqliteDatabase = BetterSqlite3.Database;

/** The most better-sqlite3's SQLite maps of a file (its SQLITE_MAX_MMAP_SIZE); asking for more gives this. */
const MAX_MMAP_BYTES = 0x7fff0000;

/** Another connection holds the lock SQLite needed (SQLITE_BUSY, SQLITE_BUSY_SNAPSHOT …): wait or refuse, not a fault. */
/** The data folder of a copy's SQLite file (`:memory:` stays in memory): its keys file, batches and downloads live there. */
export function dataDirOf(copyFile: string): string {
  return copyFile === ':memory:' || copyFile === '' ? ':memory:' : path.dirname(path.resolve(copyFile));
}

export function isSqliteBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/** The connections to shared files this process opened (closed ones are dropped at the next open). */
const openConnections = new Set<SqliteDatabase>();

/**
 * Closes every shared SQLite file this process still has open, for a process about to end at once
 * (a second Ctrl-C, cli/interrupt.ts): each connection's open transaction is rolled back and the
 * last one to a file checkpoints it and removes its -wal and -shm, which process.exit() would leave
 * beside the copy (harmless, SQLite would drop them at the next clean close, but a user listing the
 * folder after a stop that said "the copy is as it was" would wonder). A connection SQLite will not
 * close at that instant (a query mid-iteration) is left as it is: the next open recovers it.
 */
export function closeOpenSqliteFiles(): void {
  for (const db of openConnections) {
    try {
      if (db.open) db.close();
    } catch {
      // Busy mid-iteration: left to the next open's recovery, as after a kill.
    }
  }
  openConnections.clear();
}

/**
 * Opens (creating its folder if needed) a SQLite file that the processes of one data folder share
 * (`serve --workers N`, the app beside a `catastro` command): the copy, the keys database and the
 * batch queue. WAL so readers never wait for a writer and a killed writer loses only its
 * uncommitted transaction; synchronous=NORMAL is durable in WAL except for the last commits on
 * power loss. `setUp` (migrations, pragmas of the file's own) runs before the connection is
 * handed out; if it throws, the connection is closed.
 */
export function openSharedSqliteFile(
  file: string,
  options: {
    busyTimeoutMs: number;
    readonly?: boolean;
    setUp?: (db: SqliteDatabase) => void;
  },
): SqliteDatabase {
  const inMemory = file === ':memory:';
  if (!inMemory) ensureFolder(path.dirname(path.resolve(file)));
  let db: SqliteDatabase;
  try {
    db = new Database(file, { readonly: options.readonly ?? false });
  } catch (error) {
    throw unusableFile(file, error);
  }
  try {
    db.pragma(`busy_timeout = ${options.busyTimeoutMs}`);
    if (!options.readonly && !inMemory) {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
    }
    options.setUp?.(db);
    for (const connection of openConnections) if (!connection.open) openConnections.delete(connection);
    if (!inMemory) openConnections.add(db);
    return db;
  } catch (error) {
    db.close();
    throw unusableFile(file, error);
  }
}

/**
 * A data folder's file SQLite cannot open or read (a folder of that name, another kind of file, a
 * damaged one): the user's to fix, one line naming it, not a stack trace. Other errors (a busy
 * database, a failed migration) go on as they are.
 */
function unusableFile(file: string, error: unknown): unknown {
  const code = (error as { code?: string }).code ?? '';
  if (!/^SQLITE_(CANTOPEN|NOTADB|CORRUPT|READONLY|PERM|IOERR)/.test(code)) return error;
  return validationError(`${file} cannot be opened as the data folder's database (${(error as Error).message}); move it away or choose another --data folder.`);
}

/**
 * The local copy (a re-import or live read restores what a power loss took of its last commits).
 * Opened for writing, a copy a newer version wrote is refused untouched, and an older one is backed
 * up before its migrations, the backup put back if they fail (copy-upgrade.ts).
 */
export function openDatabase(file: string, options: { readonly?: boolean } = {}): SqliteDatabase {
  const readonly = options.readonly ?? false;
  const backup = readonly || file === ':memory:' ? undefined : prepareCopyUpgrade(Database, file, MIGRATIONS.length);
  let db: SqliteDatabase;
  try {
    db = openSharedSqliteFile(file, {
      busyTimeoutMs: 5000,
      readonly,
      setUp: (copy) => {
        if (readonly) return;
        copy.pragma('foreign_keys = ON');
        migrate(copy);
      },
    });
  } catch (error) {
    // Busy: another process holds the copy (maybe upgrading it); its work is not ours to undo.
    if (!backup || isSqliteBusy(error)) throw error;
    restoreCopyFromBackup(file, backup);
    throw upgradeFailed(file, backup, error);
  }
  db.pragma('cache_size = -65536'); // 64 MiB page cache for the B-tree interiors and hot rows
  // Pages beyond the cache are read through a memory map instead of a read() call each: on this
  // kind of machine the system call, not the disk, was a third of a reference lookup. As much as
  // better-sqlite3's SQLite maps (compiled with SQLITE_MAX_MMAP_SIZE=0x7fff0000, just under 2 GiB):
  // on a 10 M-parcel copy (5.8 GB) a point lookup then makes 4.3 read() calls instead of 5.8
  // (docs/performance.md "Scale"). Mapped pages are the system's file cache, not this process's own memory.
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
 * transaction, 21 % at 2 M; docs/performance.md "Scale: 1 M to 10 M parcels").
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
  if (target === MIGRATIONS.length) createLatestIfNew(db, latestCopySchema, MIGRATIONS.length);
  migrateByUserVersion(db, MIGRATIONS, {
    target,
    fileName: 'The local copy',
    apply: (migration) => {
      if (typeof migration === 'string') db.exec(migration);
      else migration(db);
    },
  });
}
