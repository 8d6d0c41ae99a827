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
import { latestCopySchema, MIGRATIONS } from '../../../core/store/schema.js';
import { POSTGIS_MIGRATIONS } from '../../../core/store/postgres/schema.js';
import { API_USAGE, CADASTRAL_TABLES, createTable } from '../../../core/store/tables.js';
import { ACCESS_MIGRATIONS } from '../../../core/auth/access-schema.js';
import { migrateAccessDatabase } from '../../../core/auth/access-db.js';
import { migrateByUserVersion } from '../../../core/store/user-version-migrations.js';
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

/** The oldest released copy (schema 1), copied into `dir` as `name` and opened: every migration runs on it. */
function upgradedFromOldest(dir: string, name: string): ParcelStore {
  const file = path.join(dir, name);
  copyFileSync(path.join(repoRoot, 'test/fixtures/store-schemas/schema-1.sqlite'), file);
  return ParcelStore.open(file);
}

describe('SQLite: a copy upgraded from the oldest release holds exactly the rendered tables', () => {
  let dir: string;
  let upgraded: ParcelStore;
  let fresh: Sqlite;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-rendered-'));
    upgraded = upgradedFromOldest(dir, 'catastro.sqlite');
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

/** Every object of a SQLite schema: tables as sqliteTable reports them, triggers and virtual tables by their text. */
function sqliteSchema(db: Sqlite) {
  const objects = db.prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name").all() as {
    type: string;
    name: string;
    sql: string;
  }[];
  return objects.map((o) => (o.type === 'table' && !/^CREATE VIRTUAL/i.test(o.sql) ? { ...o, sql: undefined, ...sqliteTable(db, o.name) } : o));
}

describe('SQLite: a new copy is made at the latest schema from the descriptions, as an upgraded one ends', () => {
  let dir: string;
  let upgraded: ParcelStore;
  let created: ParcelStore;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-new-copy-'));
    upgraded = upgradedFromOldest(dir, 'upgraded.sqlite');
    created = ParcelStore.open(path.join(dir, 'new.sqlite'));
  });
  afterAll(() => {
    upgraded?.close();
    created?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('holds exactly the same schema, at the same version', () => {
    const schema = sqliteSchema(created.db);
    expect(schema.filter((o) => o.type === 'trigger')).toHaveLength(12);
    expect(schema.map((o) => o.name)).toEqual(expect.arrayContaining(['parcels_rtree', 'analysis_gm_cells_rtree', 'offline_areas', 'units_by_finca']));
    expect(schema).toEqual(sqliteSchema(upgraded.db));
    // What ParcelStore made is the rendering itself, not the migrations run from version 0.
    const rendered = new Database(':memory:');
    try {
      rendered.exec(latestCopySchema());
      expect(sqliteSchema(rendered)).toEqual(schema);
    } finally {
      rendered.close();
    }
    expect(created.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    expect(created.db.prepare('SELECT value FROM parcel_data_generation WHERE id = 1').pluck().get()).toBe(0);
  });
});

/**
 * The schema with SQLite's automatic indexes (a PRIMARY KEY or UNIQUE that is not the row id) named
 * by their columns: SQLite numbers them in the order the CREATE TABLE states its constraints, which
 * says nothing of what they index.
 */
const withAutoIndexesByColumns = (schema: ReturnType<typeof sqliteSchema>) =>
  schema.map((o) =>
    'indexes' in o && o.indexes
      ? {
          ...o,
          indexes: (o.indexes as { name: string; origin: string; columns: string[] }[])
            .map((index) => (index.origin === 'c' ? index : { ...index, name: `auto(${index.columns.join(', ')})` }))
            .sort((a, b) => a.name.localeCompare(b.name)),
        }
      : o,
  );

describe('SQLite keys database: a new one is made from the descriptions, as a migrated one ends', () => {
  it('holds exactly what the released migrations make, at the same version', () => {
    const migrated = new Database(':memory:');
    const created = new Database(':memory:');
    try {
      // Every released migration in turn, from an empty file (what an existing keys file went through).
      migrateByUserVersion(migrated, ACCESS_MIGRATIONS, { fileName: 'test', apply: (migration) => migrated.exec(migration) });
      migrateAccessDatabase(created);
      const schema = sqliteSchema(created);
      expect(schema.map((o) => o.name)).toEqual(expect.arrayContaining(['api_keys', 'api_usage', 'access_meta']));
      expect(withAutoIndexesByColumns(schema)).toEqual(withAutoIndexesByColumns(sqliteSchema(migrated)));
      // What migrateAccessDatabase made is the rendering itself, not the migrations run from version 0.
      expect(created.prepare("SELECT sql FROM sqlite_master WHERE name = 'api_usage'").pluck().get()).toBe(createTable(API_USAGE, 'sqlite').replace(/;$/, ''));
      expect(created.pragma('user_version', { simple: true })).toBe(ACCESS_MIGRATIONS.length);
      expect(migrated.pragma('user_version', { simple: true })).toBe(ACCESS_MIGRATIONS.length);
    } finally {
      migrated.close();
      created.close();
    }
  });
});

describe.skipIf(postgresSkipReason !== undefined)('PostgreSQL: a new team database is made at the latest schema, as a migrated one ends', () => {
  let cluster: TestCluster;
  let migrated: PgConnection;
  let created: PgConnection;
  beforeAll(async () => {
    cluster = await startTestCluster();
    // Every released migration in turn, from an empty database (what an existing team database went through).
    migrated = new PgConnection(await cluster.createDatabase('migrated'), { max: 1 });
    for (const migration of POSTGIS_MIGRATIONS) await migrated.query(migration);
    created = new PgConnection(await cluster.createDatabase('created'), { max: 1 });
    await created.migrate();
  }, 120_000);
  afterAll(async () => {
    await migrated?.end();
    await created?.end();
    await cluster?.stop();
  });

  /**
   * Columns by name: PostgreSQL cannot move a column, and a column a migration added comes last
   * (buildings', fincas' and units' country); every statement of the store names its columns.
   */
  async function postgresTable(db: PgConnection, table: string) {
    const { rows: columns } = await db.query(
      `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS not_null, a.attidentity AS identity,
              pg_get_expr(d.adbin, d.adrelid) AS default
       FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
       WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attname`,
      [table],
    );
    const { rows: constraints } = await db.query(
      'SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conrelid = $1::regclass ORDER BY conname',
      [table],
    );
    const { rows: indexes } = await db.query(
      "SELECT indexname AS name, indexdef AS definition FROM pg_indexes WHERE schemaname = 'public' AND tablename = $1 ORDER BY indexname",
      [table],
    );
    return { table, columns, constraints, indexes };
  }

  /** The store's tables (not PostGIS's nor the version log), their triggers and the announcing function. */
  async function postgresSchema(db: PgConnection) {
    const { rows: tables } = await db.query<{ name: string }>(
      "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename NOT IN ('spatial_ref_sys', 'catastro_schema') ORDER BY tablename",
    );
    const { rows: triggers } = await db.query(
      'SELECT tgname AS name, pg_get_triggerdef(oid) AS definition FROM pg_trigger WHERE NOT tgisinternal ORDER BY tgname',
    );
    const { rows: functions } = await db.query("SELECT pg_get_functiondef('catastro_announce_change'::regproc) AS definition");
    return { tables: await Promise.all(tables.map((t) => postgresTable(db, t.name))), triggers, functions };
  }

  it('holds exactly the same schema, at the same version', async () => {
    const schema = await postgresSchema(created);
    expect(schema.tables.map((t) => t.table)).toEqual(['addresses', 'api_keys', 'api_usage', 'buildings', 'fincas', 'imported_files', 'parcels', 'units']);
    expect(schema.triggers).toHaveLength(5);
    expect(schema).toEqual(await postgresSchema(migrated));
    const { rows } = await created.query<{ version: number }>('SELECT version FROM catastro_schema ORDER BY version');
    expect(rows.map((r) => r.version)).toEqual(POSTGIS_MIGRATIONS.map((_, i) => i + 1));
  });

  it('a database the migrations brought to the latest version is left as it is', async () => {
    await migrated.query('CREATE TABLE catastro_schema (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    await migrated.query('INSERT INTO catastro_schema (version) SELECT generate_series(1, $1::int)', [POSTGIS_MIGRATIONS.length]);
    const before = await postgresSchema(migrated);
    await migrated.migrate();
    expect(await postgresSchema(migrated)).toEqual(before);
  });
});
