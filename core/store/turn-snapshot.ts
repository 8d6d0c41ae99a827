import { openDatabase, type SqliteDatabase } from './db.js';

/**
 * A read-only connection to the copy whose reads in one event-loop turn share one read
 * transaction, begun at the turn's first read and ended when the turn is over (setImmediate).
 * Without it every lookup by reference is its own transaction: SQLite takes and drops its WAL
 * read lock and checks the WAL index each time, about 8 µs of a cold `GET /api/catastro/{ref}`
 * (perf, docs/performance.md "Serving near the limit"), while a busy server answers several lookups a turn.
 *
 * Its own connection because the store's connection also writes (live answers into the copy): a
 * write inside a read transaction would fail with SQLITE_BUSY_SNAPSHOT after another process's
 * commit, and commit only at the turn's end. Nothing writes through this one. A commit elsewhere
 * is seen from the next turn on, the same turn the copy's data generation is read again in;
 * the store ends the snapshot at once after its own writes (`end`) and whenever its connection is
 * handed out (`ParcelStore.db`), so what this process has just written is read back.
 */
export class TurnSnapshot {
  readonly db: SqliteDatabase;
  private inTransaction = false;
  private readonly begin;
  private readonly commit;

  constructor(file: string) {
    this.db = openDatabase(file, { readonly: true });
    this.begin = this.db.prepare('BEGIN');
    this.commit = this.db.prepare('COMMIT');
  }

  /** Before a read: this turn's read transaction, begun if there is none yet. */
  enter(): void {
    if (this.inTransaction) return;
    this.begin.run();
    this.inTransaction = true;
    setImmediate(this.end);
  }

  /** Ends the read transaction now: the next read sees every commit made so far. */
  readonly end = (): void => {
    if (!this.inTransaction) return;
    this.inTransaction = false;
    if (this.db.open) this.commit.run();
  };

  close(): void {
    this.end();
    if (this.db.open) this.db.close();
  }
}
