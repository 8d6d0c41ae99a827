import type BetterSqlite3 from 'better-sqlite3';

/**
 * Brings a SQLite file to schema `target` by `PRAGMA user_version`, one IMMEDIATE transaction per
 * step, for the copy (db.ts) and the keys database (core/auth/access-db.ts) alike.
 *
 * The version is read again inside each step's write lock: processes opening one new file
 * together (`serve --workers 2`, the app beside a `catastro` command) all read version 0 before
 * the first of them commits, and a step applied on that stale read failed in the others with
 * "table … already exists" (a server worker died at start). Where the file is already current,
 * no write lock is taken at all.
 */
export function migrateByUserVersion<M>(
  db: BetterSqlite3.Database,
  migrations: readonly M[],
  options: {
    apply: (migration: M) => void;
    /** What the file is, for the message when a newer version wrote it ("The local copy"). */
    fileName: string;
    target?: number;
  },
): void {
  const target = options.target ?? migrations.length;
  const versionOf = () => {
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > migrations.length) {
      throw new Error(`${options.fileName} was written by a newer version (schema ${version}, this version knows ${migrations.length}).`);
    }
    return version;
  };
  if (versionOf() >= target) return;
  const step = db.transaction(() => {
    const version = versionOf();
    if (version >= target) return false;
    options.apply(migrations[version]);
    db.pragma(`user_version = ${version + 1}`);
    return true;
  });
  while (step.immediate());
}

/**
 * A new, empty file is made at the latest schema in one step, from the table descriptions
 * (tables.ts createTable), as Rails loads schema.rb; the migrations are for files written by older
 * versions. Checked again under the write lock: processes opening one new file together make it once.
 */
export function createLatestIfNew(db: BetterSqlite3.Database, latestSchema: () => string, version: number): void {
  const isNew = () => db.pragma('user_version', { simple: true }) === 0 && db.prepare('SELECT count(*) FROM sqlite_master').pluck().get() === 0;
  if (!isNew()) return;
  db.transaction(() => {
    if (!isNew()) return;
    db.exec(latestSchema());
    db.pragma(`user_version = ${version}`);
  }).immediate();
}
