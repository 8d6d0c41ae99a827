import { isSqliteBusy, type SqliteDatabase } from './db.js';

/** Cache writes kept while an import holds the write lock; past this many the oldest are dropped. */
const MAX_PENDING = 10_000;

/**
 * Live answers are cached through the store's own connection while a bulk import may hold the
 * database's single write lock for minutes (one transaction per file). A cache write must never
 * wait for that, nor fail the request that produced it, nor (on a ':memory:' store, where the
 * import shares the connection) join the import's transaction and vanish with its rollback.
 * So during an import in this process cache writes are queued and applied when it ends; a lock
 * held by another process (`catastro import` beside a running app) shows as SQLITE_BUSY after a
 * short wait, and the write is queued for the next chance.
 */
export class CacheWriteGate {
  private importsRunning = 0;
  private pending: (() => void)[] = [];

  constructor(private readonly db: SqliteDatabase) {}

  write(work: () => void): void {
    if (this.importsRunning > 0) {
      this.queue(work);
      return;
    }
    if (this.pending.length > 0) this.flush();
    try {
      work();
    } catch (error) {
      if (!isSqliteBusy(error)) throw error;
      this.queue(work);
    }
  }

  async duringImport<T>(importWork: () => Promise<T>): Promise<T> {
    this.importsRunning++;
    try {
      return await importWork();
    } finally {
      this.importsRunning--;
      if (this.importsRunning === 0 && this.db.open) this.flush();
    }
  }

  get pendingWrites(): number {
    return this.pending.length;
  }

  private queue(work: () => void): void {
    this.pending.push(work);
    if (this.pending.length > MAX_PENDING) this.pending.shift();
  }

  private flush(): void {
    const due = this.pending;
    this.pending = [];
    try {
      this.db.transaction(() => due.forEach((work) => work()))();
    } catch (error) {
      if (isSqliteBusy(error)) {
        this.pending = due.concat(this.pending);
        return;
      }
      // No caller is waiting for these writes any more: losing cache entries beats failing a later request.
      process.emitWarning(`Dropped ${due.length} deferred cache writes: ${(error as Error).message}`);
    }
  }
}
