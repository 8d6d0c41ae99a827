// Issue 39 item 4, the DDL: core/store/tables.ts renders each described table's CREATE TABLE and
// indexes (createTable). A copy upgraded through every migration from the oldest released copy
// (test/fixtures/store-schemas/schema-1.sqlite), and a team database migrated from empty, must
// hold exactly what that rendering makes in a new database: columns, types, NOT NULL, defaults,
// keys, indexes, CHECKs and SQLite's row storage.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ParcelStore } from '../../../core/store/parcel-store.js';
import { PgConnection } from '../../../core/store/postgres/connection.js';
import { CADASTRAL_TABLES, createTable, type TableDescription } from '../../../core/store/tables.js';
import { repoRoot } from '../../helpers/paths.js';
import { postgresSkipReason, startTestCluster, type TestCluster } from '../../helpers/postgres-cluster.js';

type Sqlite = Database.Database;

/** A SQLite table as the engine reports it, in column order. */
function sqliteTable(db: Sqlite, table: string) {
  const indexes = (db.prepare('SELECT name, "unique", origin, partial FROM pragma_index_list(?) ORDER BY name').all(table) as { name: string }[]).map(
    (index) => ({ ...index, columns: db.prepare('SELECT name FROM pragma_index_info(?) ORDER BY seqno').pluck().all(index.name) }),
  );
  return {
    columns: db.prepare('SELECT cid, name, type, "notnull", dflt_value, pk, hidden FROM pragma_table_xinfo(?) ORDER BY cid').all(table),
    storage: db.prepare('SELECT type, wr, strict FROM pragma_table_list WHERE name = ?').get(table),
    indexes,
  };
}

describe('SQLite: a copy upgraded from the oldest release holds exactly the rendered tables', () => {
  let dir: string;
  let upgraded: ParcelStore;
  let fresh: Sqlite;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-rendered-'));
    const file = path.join(dir, 'catastro.sqlite');
    copyFileSync(path.join(repoRoot, 'test/fixtures/store-schemas/schema-1.sqlite'), file);
    upgraded = ParcelStore.open(file);
    fresh = new Database(':memory:');
    for (const table of CADASTRAL_TABLES) fresh.exec(createTable(table, 'sqlite'));
  });
  afterAll(() => {
    upgraded?.close();
    fresh?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the oldest fixture really is older (schema 1, without the later tables)', () => {
    const original = new Database(path.join(repoRoot, 'test/fixtures/store-schemas/schema-1.sqlite'), { readonly: true });
    try {
      expect(original.pragma('user_version', { simple: true })).toBe(1);
      expect(sqliteTable(original, 'addresses').columns).toEqual([]);
    } finally {
      original.close();
    }
  });

  for (const table of CADASTRAL_TABLES) {
    it(table.name, () => expect(sqliteTable(upgraded.db, table.name)).toEqual(sqliteTable(fresh, table.name)));
  }
});

describe.skipIf(postgresSkipReason !== undefined)('PostgreSQL: a team database migrated from empty holds exactly the rendered tables', () => {
  let cluster: TestCluster;
  let migrated: PgConnection;
  let fresh: PgConnection;
  beforeAll(async () => {
    cluster = await startTestCluster();
    migrated = new PgConnection(await cluster.createDatabase('migrated'), { max: 1 });
    await migrated.migrate();
    fresh = new PgConnection(await cluster.createDatabase('rendered'), { max: 1 });
    await fresh.query('CREATE EXTENSION postgis');
    for (const table of CADASTRAL_TABLES) await fresh.query(createTable(table, 'postgres'));
  }, 120_000);
  afterAll(async () => {
    await migrated?.end();
    await fresh?.end();
    await cluster?.stop();
  });

  /**
   * Columns by name: PostgreSQL cannot move a column, and a column a migration added comes last
   * (buildings', fincas' and units' country); every statement of the store names its columns.
   */
  async function postgresTable(db: PgConnection, table: TableDescription) {
    const { rows: columns } = await db.query(
      `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS not_null, a.attidentity AS identity,
              pg_get_expr(d.adbin, d.adrelid) AS default
       FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
       WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attname`,
      [table.name],
    );
    const { rows: constraints } = await db.query(
      'SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conrelid = $1::regclass ORDER BY conname',
      [table.name],
    );
    const { rows: indexes } = await db.query(
      "SELECT indexname AS name, indexdef AS definition FROM pg_indexes WHERE schemaname = 'public' AND tablename = $1 ORDER BY indexname",
      [table.name],
    );
    return { columns, constraints, indexes };
  }

  for (const table of CADASTRAL_TABLES) {
    it(table.name, async () => expect(await postgresTable(migrated, table)).toEqual(await postgresTable(fresh, table)));
  }
});
