import type { SqliteDatabase } from '../db.js';

/**
 * CAT records parked in a TEMP table while a file streams in, then read back grouped by
 * parcel. Temp tables live in the importing connection only and take part in its transaction,
 * so a failed import leaves nothing behind; SQLite spills them to disk, so a province's file
 * never has to fit in memory.
 */
export class CatStaging {
  private readonly insert;
  private readonly nextRefs;
  private readonly recordsOf;

  constructor(private readonly db: SqliteDatabase) {
    db.exec(`
      CREATE TEMP TABLE IF NOT EXISTS cat_staging (seq INTEGER PRIMARY KEY, ref TEXT NOT NULL, record TEXT NOT NULL);
      CREATE INDEX IF NOT EXISTS temp.cat_staging_by_ref ON cat_staging (ref, seq);
      DELETE FROM temp.cat_staging;`);
    this.insert = db.prepare('INSERT INTO temp.cat_staging (ref, record) VALUES (?, ?)');
    this.nextRefs = db.prepare('SELECT DISTINCT ref FROM temp.cat_staging WHERE ref > ? ORDER BY ref LIMIT 500').pluck();
    this.recordsOf = db.prepare('SELECT record FROM temp.cat_staging WHERE ref = ? ORDER BY seq').pluck();
  }

  add(ref: string, record: string): void {
    this.insert.run(ref, record);
  }

  /**
   * Every parcel's records in file order, parcels by reference. Keyset pages of references
   * rather than one open cursor: better-sqlite3 forbids writes on a connection while a cursor
   * is open, and the caller writes between parcels.
   */
  *byParcel(): Generator<{ ref: string; records: string[] }> {
    let after = '';
    for (;;) {
      const refs = this.nextRefs.all(after) as string[];
      if (refs.length === 0) return;
      for (const ref of refs) yield { ref, records: this.recordsOf.all(ref) as string[] };
      after = refs[refs.length - 1];
    }
  }

  drop(): void {
    this.db.exec('DROP TABLE IF EXISTS temp.cat_staging');
  }
}
