import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Database, type SqliteDatabase } from '../../../core/store/db.js';
import { RtreeBulkLoad, rtreeValueDown, rtreeValueUp } from '../../../core/store/rtree-bulk-load.js';

/**
 * The packed R*Tree against SQLite's own: the same boxes written by the bulk load into one table
 * and by one INSERT each into another must be the same rows, pass rtreecheck, answer every window
 * query alike and take later writes. Boxes from a seeded generator over Spain's longitudes and
 * latitudes (negative and positive values, parcel-sized boxes, some degenerate to a point).
 */
type Box = [id: number, minX: number, maxX: number, minY: number, maxY: number];

function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function boxes(count: number, seed = 1, firstId = 1): Box[] {
  const random = seeded(seed);
  return Array.from({ length: count }, (_, i) => {
    const [x, y] = [-9.5 + random() * 13, 36 + random() * 7.8];
    const [w, h] = i % 97 === 0 ? [0, 0] : [random() * 0.003, random() * 0.003];
    return [firstId + i, x, x + w, y, y + h];
  });
}

let dir: string;
let db: SqliteDatabase;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'rtree-bulk-'));
  db = new Database(path.join(dir, 'copy.sqlite'));
  db.pragma('journal_mode = WAL');
  db.exec(
    'CREATE VIRTUAL TABLE bulk USING rtree(id, min_lon, max_lon, min_lat, max_lat); CREATE VIRTUAL TABLE per_row USING rtree(id, min_lon, max_lon, min_lat, max_lat);',
  );
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

function loadBoth(all: Box[]): void {
  db.exec('BEGIN');
  const load = RtreeBulkLoad.ifEmpty(db, 'bulk')!;
  expect(load).toBeDefined();
  for (const box of all) load.add(...box);
  load.finish();
  const insert = db.prepare('INSERT OR REPLACE INTO per_row VALUES (?, ?, ?, ?, ?)');
  for (const box of all) insert.run(...box);
  db.exec('COMMIT');
}

const check = (table: string) => db.prepare(`SELECT rtreecheck('${table}')`).pluck().get();
const differing = () =>
  db
    .prepare(
      'SELECT (SELECT count(*) FROM (SELECT * FROM bulk EXCEPT SELECT * FROM per_row)) + (SELECT count(*) FROM (SELECT * FROM per_row EXCEPT SELECT * FROM bulk))',
    )
    .pluck()
    .get();

function expectSameAnswers(windows: number, seed: number): void {
  const query = (table: string) =>
    db.prepare(`SELECT id FROM ${table} WHERE min_lon <= @maxX AND max_lon >= @minX AND min_lat <= @maxY AND max_lat >= @minY ORDER BY id`).pluck();
  const [inBulk, inPerRow] = [query('bulk'), query('per_row')];
  const random = seeded(seed);
  let found = 0;
  for (let i = 0; i < windows; i++) {
    const [minX, minY] = [-9.5 + random() * 13, 36 + random() * 7.8];
    const size = i % 2 === 0 ? 0 : random() * 0.2;
    const window = { minX, maxX: minX + size, minY, maxY: minY + size };
    const expected = inPerRow.all(window);
    expect(inBulk.all(window)).toEqual(expected);
    found += expected.length;
  }
  expect(found).toBeGreaterThan(0);
}

describe('R*Tree bulk load', () => {
  it('rounds as rtree.c stores a box: minima down, maxima up, to float32', () => {
    db.exec('CREATE VIRTUAL TABLE probe USING rtree(id, a, b, c, d)');
    const random = seeded(7);
    const insert = db.prepare('INSERT INTO probe VALUES (?, ?, ?, ?, ?)');
    const values = Array.from({ length: 2000 }, (_, i) => (i % 3 === 0 ? Math.fround(random() * 360 - 180) : (random() - 0.5) * 10 ** ((i % 9) - 4)));
    values.forEach((v, i) => insert.run(i + 1, v, v, v, v));
    const stored = db.prepare('SELECT a, b FROM probe ORDER BY id').raw().all() as [number, number][];
    expect(stored.map(([a]) => a)).toEqual(values.map(rtreeValueDown));
    expect(stored.map(([, b]) => b)).toEqual(values.map(rtreeValueUp));
  });

  it.each([1, 51, 52, 51 * 51, 51 * 51 + 1, 5000])('%i boxes: the rows SQLite would hold, a valid tree, the same answers', (count) => {
    loadBoth(boxes(count, count));
    expect(check('bulk')).toBe('ok');
    expect(differing()).toBe(0);
    expectSameAnswers(200, count);
  });

  it('150,000 boxes (three sorted runs merged): packed nodes, the same rows and answers, and later writes keep it valid', () => {
    const all = boxes(150_000, 3);
    loadBoth(all);
    expect(check('bulk')).toBe('ok');
    expect(differing()).toBe(0);
    // Packed: 51 cells a node (SQLite's 1,228-byte nodes on 4 KiB pages), so 2,942 leaves, 58 and 2 nodes above them, and the root.
    expect(db.prepare('SELECT count(*) FROM bulk_node').pluck().get()).toBe(2942 + 58 + 2 + 1);
    expect(db.prepare('SELECT count(*) FROM per_row_node').pluck().get()).toBeGreaterThan(3001);
    expectSameAnswers(500, 4);

    // Inserts, moves and deletes through SQL, the same on both tables.
    for (const table of ['bulk', 'per_row']) {
      db.exec('BEGIN');
      const insert = db.prepare(`INSERT OR REPLACE INTO ${table} VALUES (?, ?, ?, ?, ?)`);
      for (const box of boxes(3000, 5, 200_000)) insert.run(...box);
      for (const [i, box] of boxes(3000, 6).entries()) insert.run(all[i * 17][0], box[1], box[2], box[3], box[4]);
      db.prepare(`DELETE FROM ${table} WHERE id % 7 = 0 AND id < 100000`).run();
      db.exec('COMMIT');
    }
    expect(check('bulk')).toBe('ok');
    expect(differing()).toBe(0);
    expectSameAnswers(300, 8);
  });

  it('a row given twice keeps its last box: the boxes so far go in row by row, and the rest', () => {
    const all = boxes(70_000, 9);
    const again: Box[] = [
      [all[10][0], -1, -0.5, 40, 40.5],
      [all[69_000][0], 2, 2.5, 41, 41.5],
    ];
    loadBoth([...all, ...again, ...boxes(500, 10, 100_000)]);
    expect(check('bulk')).toBe('ok');
    expect(differing()).toBe(0);
    expect(db.prepare('SELECT min_lon FROM bulk WHERE id = ?').pluck().get(all[10][0])).toBe(-1);
  });

  it('refuses a box whose minimum is above its maximum, as SQLite does', () => {
    db.exec('BEGIN');
    const load = RtreeBulkLoad.ifEmpty(db, 'bulk')!;
    expect(() => load.add(1, 2, 1, 40, 41)).toThrow(/rtree constraint failed/);
    expect(() => db.prepare('INSERT INTO per_row VALUES (1, 2, 1, 40, 41)').run()).toThrow(/rtree constraint failed/);
    db.exec('ROLLBACK');
  });

  it('rolled back with its transaction: the tree as it was, no spilled runs left', () => {
    const emptyRoot = db.prepare('SELECT data FROM bulk_node WHERE nodeno = 1').pluck().get();
    db.exec('BEGIN');
    const load = RtreeBulkLoad.ifEmpty(db, 'bulk')!;
    for (const box of boxes(70_000, 11)) load.add(...box);
    load.finish();
    expect(db.prepare('SELECT count(*) FROM bulk').pluck().get()).toBe(70_000);
    db.exec('ROLLBACK');
    expect(db.prepare('SELECT count(*) FROM bulk_node').pluck().get()).toBe(1);
    expect(db.prepare('SELECT data FROM bulk_node WHERE nodeno = 1').pluck().get()).toEqual(emptyRoot);
    expect(db.prepare('SELECT count(*) FROM bulk_rowid').pluck().get()).toBe(0);
    expect(db.prepare("SELECT count(*) FROM temp.sqlite_master WHERE type = 'table'").pluck().get()).toBe(0);
    expect(check('bulk')).toBe('ok');
  });

  it('is not offered for a tree that holds a row; again once deletes have emptied it', () => {
    const insert = db.prepare('INSERT INTO bulk VALUES (?, ?, ?, ?, ?)');
    for (const box of boxes(200, 12)) insert.run(...box);
    expect(RtreeBulkLoad.ifEmpty(db, 'bulk')).toBeUndefined();
    db.exec('DELETE FROM bulk');
    // SQLite's delete of the last row leaves the root as CREATE made it: an empty leaf, node 1 alone.
    db.exec('BEGIN');
    const load = RtreeBulkLoad.ifEmpty(db, 'bulk')!;
    for (const box of boxes(500, 13)) load.add(...box);
    load.finish();
    db.exec('COMMIT');
    expect(check('bulk')).toBe('ok');
    expect(db.prepare('SELECT count(*) FROM bulk').pluck().get()).toBe(500);
  });
});
