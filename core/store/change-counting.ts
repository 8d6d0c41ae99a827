import type { SqliteDatabase } from './db.js';

/**
 * Bulk imports count their changes once instead of once per row. Schema 4's triggers bump
 * `parcel_data_generation` on every written row (a few per cent of an import, more with the
 * R*Tree churn), though readers only need to see that the copy changed. Inside the import's
 * own transaction the triggers are dropped, the rows written, the triggers re-created from
 * their own stored SQL (the schema stays the one place that defines them) and the counter
 * bumped once. All of it commits or rolls back together, so no reader ever sees a copy that
 * changed without the counter moving, nor a schema without its triggers.
 */
export function suspendChangeCounting(db: SqliteDatabase): () => void {
  if (!db.inTransaction) throw new Error('suspendChangeCounting needs the import transaction to be open.');
  const triggers = db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%_bumps_generation'`).all() as {
    name: string;
    sql: string;
  }[];
  for (const { name } of triggers) db.exec(`DROP TRIGGER "${name}"`);
  return () => {
    for (const { sql } of triggers) db.exec(sql);
    db.exec('UPDATE parcel_data_generation SET value = value + 1');
  };
}
