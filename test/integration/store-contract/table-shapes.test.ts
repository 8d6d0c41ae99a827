import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAccessDatabase } from '../../../core/auth/access-db.js';
import { ParcelStore } from '../../../core/store/parcel-store.js';
import { PgConnection } from '../../../core/store/postgres/connection.js';
import { ACCESS_TABLES, CADASTRAL_TABLES, declaredType, type Dialect, type TableDescription } from '../../../core/store/tables.js';
import { postgresSkipReason, startTestCluster, type TestCluster } from '../../helpers/postgres-cluster.js';

/** A table as an engine reports it: its columns and every set of columns a unique index holds. */
interface Shape {
  columns: { name: string; type: string; notNull: boolean | 'generated' }[];
  uniqueKeys: string[][];
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/** What core/store/tables.ts says the table is on `dialect`. */
function described(table: TableDescription, dialect: Dialect): Shape {
  return {
    columns: table.columns
      .filter((c) => c.only === undefined || c.only === dialect)
      .map((c) => ({ name: c.name, type: declaredType(c.type, dialect), notNull: c.generated ? ('generated' as const) : c.notNull === true }))
      .sort(byName),
    uniqueKeys: [[...table.key].sort()],
  };
}

/** The described key must be among the engine's unique keys; the columns must be exactly the described ones. */
function expectShape(actual: Shape, table: TableDescription, dialect: Dialect): void {
  const expected = described(table, dialect);
  expect(actual.columns, `${table.name} columns on ${dialect}`).toEqual(expected.columns);
  expect(actual.uniqueKeys, `${table.name} key on ${dialect}`).toContainEqual(expected.uniqueKeys[0]);
}

describe('tables of core/store/tables.ts as SQLite migrations build them', () => {
  let dir: string;
  let copy: ParcelStore;
  let access: ReturnType<typeof openAccessDatabase>;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-shapes-'));
    copy = ParcelStore.open(path.join(dir, 'catastro.sqlite'));
    access = openAccessDatabase(dir);
  });
  afterAll(() => {
    copy.close();
    access.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function sqliteShape(db: ParcelStore['db'], table: TableDescription): Shape {
    const info = db.prepare(`PRAGMA table_info(${table.name})`).all() as { name: string; type: string; notnull: number; pk: number }[];
    const generated = new Set(table.columns.filter((c) => c.generated).map((c) => c.name));
    const indexes = db.prepare(`PRAGMA index_list(${table.name})`).all() as { name: string; unique: number }[];
    const uniqueKeys = indexes
      .filter((index) => index.unique === 1)
      .map((index) => (db.prepare(`PRAGMA index_info(${index.name})`).all() as { name: string }[]).map((c) => c.name).sort());
    const primaryKey = info.filter((c) => c.pk > 0).map((c) => c.name);
    return {
      columns: info.map((c) => ({ name: c.name, type: c.type, notNull: generated.has(c.name) ? ('generated' as const) : c.notnull === 1 })).sort(byName),
      uniqueKeys: [...uniqueKeys, primaryKey.sort()],
    };
  }

  for (const table of CADASTRAL_TABLES) it(`${table.name} in the copy`, () => expectShape(sqliteShape(copy.db, table), table, 'sqlite'));
  for (const table of ACCESS_TABLES) it(`${table.name} in the keys database`, () => expectShape(sqliteShape(access, table), table, 'sqlite'));
});

describe.skipIf(postgresSkipReason !== undefined)('tables of core/store/tables.ts as PostgreSQL migrations build them', () => {
  let cluster: TestCluster;
  let db: PgConnection;
  beforeAll(async () => {
    cluster = await startTestCluster();
    db = new PgConnection(await cluster.createDatabase('shapes'), { max: 1 });
    await db.migrate();
  }, 120_000);
  afterAll(async () => {
    await db?.end();
    await cluster?.stop();
  });

  async function postgresShape(table: TableDescription): Promise<Shape> {
    const { rows: columns } = await db.query<{ name: string; data_type: string; udt_name: string; is_nullable: string; is_identity: string }>(
      `SELECT column_name AS name, data_type, udt_name, is_nullable, is_identity FROM information_schema.columns
       WHERE table_schema = 'public' AND table_name = $1`,
      [table.name],
    );
    const { rows: keys } = await db.query<{ columns: string[] }>(
      `SELECT array_agg(a.attname::text ORDER BY a.attname) AS columns
       FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
       WHERE i.indrelid = $1::regclass AND i.indisunique GROUP BY i.indexrelid`,
      [table.name],
    );
    return {
      columns: columns
        .map((c) => ({
          name: c.name,
          type: c.data_type === 'USER-DEFINED' ? c.udt_name : c.data_type,
          notNull: c.is_identity === 'YES' ? ('generated' as const) : c.is_nullable === 'NO',
        }))
        .sort(byName),
      uniqueKeys: keys.map((k) => k.columns),
    };
  }

  for (const table of [...CADASTRAL_TABLES, ...ACCESS_TABLES].filter((described) => described.only !== 'sqlite')) {
    it(`${table.name} in the team database`, async () => expectShape(await postgresShape(table), table, 'postgres'));
  }
});
