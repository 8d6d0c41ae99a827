import Database from 'better-sqlite3';

/**
 * Runs an asynchronous import inside ONE transaction (BEGIN IMMEDIATE … COMMIT): a malformed or
 * failed file leaves the tables as they were. better-sqlite3's `transaction()` only wraps
 * synchronous work, so the streamed import gets its own connection to the same file; readers on
 * the service's connection keep the last committed data meanwhile (WAL). An in-memory database
 * cannot be opened twice, so there the service's own connection is used.
 */
export async function inImportTransaction<T>(db: Database.Database, work: (conn: Database.Database) => Promise<T>): Promise<T> {
  const conn = db.memory || db.name === '' ? db : new Database(db.name);
  if (conn !== db) conn.pragma('busy_timeout = 10000');
  try {
    conn.exec('BEGIN IMMEDIATE');
    try {
      const result = await work(conn);
      conn.exec('COMMIT');
      return result;
    } catch (error) {
      if (conn.inTransaction) conn.exec('ROLLBACK');
      throw error;
    }
  } finally {
    if (conn !== db) conn.close();
  }
}
