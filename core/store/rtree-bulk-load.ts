import type { SqliteDatabase } from './db.js';

/*
 * A 2-D SQLite R*Tree written in bulk: its shadow tables (`<name>_node`, `<name>_rowid`,
 * `<name>_parent`) filled once, in one packed pass after an import's rows, instead of one R*Tree
 * INSERT per row (SQLite rewrites a whole node, about 1.2 KB, and its path for each: half of the
 * rows' SQLite work, docs/performance.md "Import on distinct parcels"). Written by hand because no
 * library does it: SQLite has no bulk-load API, and GDAL's loader, which this follows for the node
 * format and the rounding (OSGeo/gdal, ogr/ogrsf_frmts/sqlite/sqlite_rtree_bulk_load/
 * sqlite_rtree_bulk_load.c at 7205e50a961ecef62b4562247af1683e6e07888f), is C inside GDAL and
 * builds its tree in memory. Here the tree is packed (the boxes in Hilbert order of their centres,
 * nodes filled in that order, as a packed R-tree), and memory stays bounded whatever the file's
 * size: boxes are held in one chunk of 65,536 (3 MiB and its sort order, 256 KiB), each full chunk
 * sorted and spilled as a run to a temporary table (SQLite's temp file beyond a 1 MiB page cache),
 * and the runs merged at the end, each read 1,024 boxes (48 KiB) at a time: about 4.3 MiB + 48 KiB
 * per 65,536 boxes (144,300 parcels: 3 runs; 10 M: 153 runs, 7 MiB more). The pass then holds one
 * open node per level. Import of 144,300 parcels, one core: peak 112 MiB against 100 MiB with
 * per-row inserts (the spilled blocks read back are garbage until V8 collects them).
 *
 * The format is SQLite's ext/rtree/rtree.c: a node is a blob of the node size the table was made
 * with (the root's length), big-endian: on the root a 2-byte depth (0 on the others), a 2-byte cell
 * count, then cells of an 8-byte id (a row id in a leaf, a child node's number above) and the box
 * as four float32 (min x, max x, min y, max y). `_rowid` maps each row id to its leaf, `_parent`
 * each node but the root to its parent; the root is node 1.
 */

/** rtree.c's rounding of a double to the float32 it stores: minima down, maxima up (rtreeValueDown/Up). */
const RNDTOWARDS = 1.0 - 1.0 / 8388608.0;
const RNDAWAY = 1.0 + 1.0 / 8388608.0;
export const rtreeValueDown = (d: number): number => {
  const f = Math.fround(d);
  return f > d ? Math.fround(d * (d < 0 ? RNDAWAY : RNDTOWARDS)) : f;
};
export const rtreeValueUp = (d: number): number => {
  const f = Math.fround(d);
  return f < d ? Math.fround(d * (d < 0 ? RNDTOWARDS : RNDAWAY)) : f;
};

/** An 8-byte id and four float32: rtree.c's cell of a 2-D tree. */
const BYTES_PER_CELL = 24;
/** Cells per side of the Hilbert grid over longitude and latitude: 2^26, about 0.6 m at the equator, keys below 2^52. */
const HILBERT_ORDER = 26;
const HILBERT_SIDE = 2 ** HILBERT_ORDER;

/** The position of cell (x, y) along a Hilbert curve over a 2^order grid (the classic xy2d, exact in doubles up to 2^53). */
function hilbertIndex(x: number, y: number, order = HILBERT_ORDER): number {
  const side = 2 ** order;
  let d = 0;
  for (let s = side / 2; s >= 1; s /= 2) {
    const rx = (x & s) > 0 ? 1 : 0;
    const ry = (y & s) > 0 ? 1 : 0;
    d += s * s * ((3 * rx) ^ ry);
    if (ry === 0) {
      if (rx === 1) {
        x = side - 1 - x;
        y = side - 1 - y;
      }
      const t = x;
      x = y;
      y = t;
    }
  }
  return d;
}

/** Per box: its Hilbert key, the row id, min x, max x, min y, max y (the box already rounded as rtree.c stores it). */
const RECORD = 6;
const CHUNK_BOXES = 1 << 16;
const BLOCK_BOXES = 1024;
/** A run's blocks are rows `run * RUN_STRIDE + block` of the temporary table. */
const RUN_STRIDE = 1 << 20;

const gridCell = (value: number, min: number, span: number) => Math.min(HILBERT_SIDE - 1, Math.max(0, Math.floor(((value - min) / span) * HILBERT_SIDE)));

/** A node being filled during the pass: one per level of the tree. */
interface OpenNode {
  readonly blob: Buffer;
  cells: number;
  /** Its index among its level's nodes. */
  index: number;
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

/** The order of a chunk's first `count` records by key, then row id (in `order`, reused from chunk to chunk). */
function sortRecords(chunk: Float64Array, count: number, order: Uint32Array): Uint32Array {
  const indexes = order.subarray(0, count);
  for (let i = 0; i < count; i++) indexes[i] = i;
  return indexes.sort((a, b) => chunk[a * RECORD] - chunk[b * RECORD] || chunk[a * RECORD + 1] - chunk[b * RECORD + 1]);
}

type BoxSink = (id: number, minX: number, maxX: number, minY: number, maxY: number) => void;

/**
 * Collects the boxes of an R*Tree that was empty when the import began, then writes the tree.
 * Everything happens on the caller's connection inside its transaction: a rollback leaves the
 * table as it was. The packed build needs each row once: the ids of new rows only grow, so a box
 * for an id not above the last one is a row written again (a file repeating a reference); then the
 * boxes collected so far go into the R*Tree row by row, and so does the rest.
 */
export class RtreeBulkLoad {
  private readonly chunk = new Float64Array(CHUNK_BOXES * RECORD);
  private readonly block = new Float64Array(BLOCK_BOXES * RECORD);
  private readonly order = new Uint32Array(CHUNK_BOXES);
  private inChunk = 0;
  private runs: number[] = [];
  private lastId = -Infinity;
  private rowByRow?: BoxSink;

  private constructor(
    private readonly db: SqliteDatabase,
    private readonly rtree: string,
  ) {}

  private get spill(): string {
    return `temp."${this.rtree}_bulk_runs"`;
  }

  /**
   * A bulk load of `rtree` (a 2-D R*Tree over longitude and latitude), or undefined when the
   * tree holds anything already: then rows go in one by one, as SQLite balances them.
   */
  static ifEmpty(db: SqliteDatabase, rtree: string): RtreeBulkLoad | undefined {
    const empty = db
      .prepare(
        `SELECT (SELECT count(*) FROM "${rtree}_node") = 1 AND NOT EXISTS (SELECT 1 FROM "${rtree}_rowid") AND NOT EXISTS (SELECT 1 FROM "${rtree}_parent")`,
      )
      .pluck()
      .get();
    return empty === 1 ? new RtreeBulkLoad(db, rtree) : undefined;
  }

  /** The row `id`'s box (as an R*Tree INSERT takes it: min x, max x, min y, max y). */
  add(id: number, minX: number, maxX: number, minY: number, maxY: number): void {
    if (this.rowByRow) return this.rowByRow(id, minX, maxX, minY, maxY);
    if (id <= this.lastId) {
      this.switchToRowByRow();
      return this.rowByRow!(id, minX, maxX, minY, maxY);
    }
    // The constraint rtree.c checks on each INSERT.
    if (!(minX <= maxX && minY <= maxY)) throw new Error(`rtree constraint failed: ${this.rtree} box of row ${id} has a minimum above its maximum`);
    this.lastId = id;
    const at = this.inChunk * RECORD;
    const chunk = this.chunk;
    chunk[at] = hilbertIndex(gridCell((minX + maxX) / 2, -180, 360), gridCell((minY + maxY) / 2, -90, 180));
    chunk[at + 1] = id;
    chunk[at + 2] = rtreeValueDown(minX);
    chunk[at + 3] = rtreeValueUp(maxX);
    chunk[at + 4] = rtreeValueDown(minY);
    chunk[at + 5] = rtreeValueUp(maxY);
    if (++this.inChunk === CHUNK_BOXES) this.spillChunk();
  }

  /** Writes the tree from the boxes added, then drops them. */
  finish(): void {
    if (this.rowByRow) return;
    const count = this.runs.reduce((total, boxes) => total + boxes, this.inChunk);
    if (count === 0) return;
    const nodeSize = this.db.prepare(`SELECT length(data) FROM "${this.rtree}_node" WHERE nodeno = 1`).pluck().get() as number;
    // Shadow tables are read-only to SQL under SQLITE_DBCONFIG_DEFENSIVE, which better-sqlite3
    // turns on; its unsafe mode lifts that for this pass only.
    this.db.unsafeMode(true);
    try {
      const tree = new PackedTreeWriter(this.db, this.rtree, count, nodeSize);
      this.inOrder((id, minX, maxX, minY, maxY) => tree.addLeafCell(id, minX, maxX, minY, maxY));
    } finally {
      this.db.unsafeMode(false);
    }
    if (this.runs.length > 0) this.db.exec(`DROP TABLE ${this.spill}`);
  }

  private spillChunk(): void {
    if (this.runs.length === 0) {
      // The temp database's pages beyond 1 MiB go to its file (SQLite's default cache would hold 16 MiB of them).
      this.db.pragma('temp.cache_size = -1024');
      this.db.exec(`DROP TABLE IF EXISTS ${this.spill}; CREATE TABLE ${this.spill} (block INTEGER PRIMARY KEY, data BLOB NOT NULL)`);
    }
    const order = sortRecords(this.chunk, this.inChunk, this.order);
    const insert = this.db.prepare(`INSERT INTO ${this.spill} (block, data) VALUES (?, ?)`);
    const run = this.runs.length;
    for (let block = 0; block * BLOCK_BOXES < this.inChunk; block++) {
      const first = block * BLOCK_BOXES;
      const boxes = Math.min(BLOCK_BOXES, this.inChunk - first);
      for (let i = 0; i < boxes; i++) this.block.set(this.chunk.subarray(order[first + i] * RECORD, order[first + i] * RECORD + RECORD), i * RECORD);
      insert.run(run * RUN_STRIDE + block, Buffer.from(this.block.buffer, 0, boxes * RECORD * 8));
    }
    this.runs.push(this.inChunk);
    this.inChunk = 0;
  }

  /** Every box collected, in key order: the chunk alone when nothing was spilled, else a merge of the runs. */
  private inOrder(sink: BoxSink): void {
    const emit = (records: Float64Array, i: number) =>
      sink(records[i * RECORD + 1], records[i * RECORD + 2], records[i * RECORD + 3], records[i * RECORD + 4], records[i * RECORD + 5]);
    if (this.runs.length === 0) {
      const order = sortRecords(this.chunk, this.inChunk, this.order);
      for (let i = 0; i < this.inChunk; i++) emit(this.chunk, order[i]);
      return;
    }
    if (this.inChunk > 0) this.spillChunk();
    const readBlock = this.db.prepare(`SELECT data FROM ${this.spill} WHERE block = ?`).pluck();
    const heads = this.runs.map((boxes, run) => ({ run, block: -1, records: new Float64Array(BLOCK_BOXES * RECORD), at: 0, left: boxes }));
    const load = (head: (typeof heads)[number]) => {
      head.block++;
      const data = readBlock.get(head.run * RUN_STRIDE + head.block) as Buffer;
      // Copied into the run's own array: a blob's bytes need not lie at a multiple of 8 in Node's buffer pool.
      new Uint8Array(head.records.buffer).set(data);
      head.at = 0;
    };
    heads.forEach(load);
    const before = (a: (typeof heads)[number], b: (typeof heads)[number]) =>
      a.records[a.at * RECORD] - b.records[b.at * RECORD] || a.records[a.at * RECORD + 1] - b.records[b.at * RECORD + 1];
    // A binary min-heap of the runs by their next box.
    const heap = [...heads];
    const siftDown = (from: number) => {
      for (let i = from; ;) {
        const [l, r] = [2 * i + 1, 2 * i + 2];
        let least = i;
        if (l < heap.length && before(heap[l], heap[least]) < 0) least = l;
        if (r < heap.length && before(heap[r], heap[least]) < 0) least = r;
        if (least === i) return;
        [heap[i], heap[least]] = [heap[least], heap[i]];
        i = least;
      }
    };
    for (let i = Math.floor(heap.length / 2) - 1; i >= 0; i--) siftDown(i);
    while (heap.length > 0) {
      const head = heap[0];
      emit(head.records, head.at);
      head.left--;
      if (head.left === 0) {
        heap[0] = heap.at(-1)!;
        heap.pop();
      } else if (++head.at === BLOCK_BOXES) load(head);
      if (heap.length > 0) siftDown(0);
    }
  }

  /** The boxes collected so far go into the R*Tree by INSERT, and so will every later one. */
  private switchToRowByRow(): void {
    const insert = this.db.prepare(`INSERT OR REPLACE INTO "${this.rtree}" VALUES (?, ?, ?, ?, ?)`);
    this.rowByRow = (id, minX, maxX, minY, maxY) => void insert.run(id, minX, maxX, minY, maxY);
    // Each id is in once (they only grew so far), so the order does not matter; the rounded boxes round to themselves.
    this.inOrder(this.rowByRow);
    if (this.runs.length > 0) this.db.exec(`DROP TABLE ${this.spill}`);
    this.runs = [];
    this.inChunk = 0;
  }
}

/**
 * Writes a packed tree of `count` leaf cells given in order: full nodes, each level's last one
 * holding the rest, one open node per level. Its shape follows from the count, so every node's
 * number is known before it is written: the root is node 1 (the one the table was created with),
 * the others are numbered from 2, the leaves first.
 */
class PackedTreeWriter {
  private readonly capacity: number;
  private readonly top: number;
  private readonly cellsPerLevel: number[];
  private readonly firstNumber = [2];
  private readonly open: OpenNode[];
  private readonly seen: number[];
  private readonly insertNode;
  private readonly replaceRoot;
  private readonly insertParent;
  private readonly insertRowids;
  private readonly rowidParams: number[] = [];

  constructor(db: SqliteDatabase, rtree: string, count: number, nodeSize: number) {
    this.capacity = Math.floor((nodeSize - 4) / BYTES_PER_CELL);
    const nodesPerLevel = [Math.ceil(count / this.capacity)];
    while (nodesPerLevel.at(-1)! > 1) nodesPerLevel.push(Math.ceil(nodesPerLevel.at(-1)! / this.capacity));
    this.top = nodesPerLevel.length - 1;
    this.cellsPerLevel = [count, ...nodesPerLevel.slice(0, this.top)];
    for (let level = 0; level < this.top; level++) this.firstNumber.push(this.firstNumber[level] + nodesPerLevel[level]);
    this.open = nodesPerLevel.map(() => ({ blob: Buffer.alloc(nodeSize), cells: 0, index: 0, minX: 0, maxX: 0, minY: 0, maxY: 0 }));
    this.seen = nodesPerLevel.map(() => 0);
    this.insertNode = db.prepare(`INSERT INTO "${rtree}_node" (nodeno, data) VALUES (?, ?)`);
    this.replaceRoot = db.prepare(`UPDATE "${rtree}_node" SET data = ? WHERE nodeno = 1`);
    this.insertParent = db.prepare(`INSERT INTO "${rtree}_parent" (nodeno, parentnode) VALUES (?, ?)`);
    // A leaf's rows mapped to it in one statement (one call instead of 51).
    const rowidsOf = (cells: number) => db.prepare(`INSERT INTO "${rtree}_rowid" (rowid, nodeno) VALUES ${Array(cells).fill('(?, ?)').join(', ')}`);
    const full = rowidsOf(this.capacity);
    this.insertRowids = (params: number[]) => (params.length === 2 * this.capacity ? full : rowidsOf(params.length / 2)).run(params);
  }

  private nodeNumber(level: number, index: number): number {
    return level === this.top ? 1 : this.firstNumber[level] + index;
  }

  addLeafCell(id: number, minX: number, maxX: number, minY: number, maxY: number): void {
    this.rowidParams.push(id, this.nodeNumber(0, this.open[0].index));
    this.addCell(0, id, minX, maxX, minY, maxY);
  }

  private addCell(level: number, id: number, minX: number, maxX: number, minY: number, maxY: number): void {
    const node = this.open[level];
    const at = 4 + node.cells * BYTES_PER_CELL;
    node.blob.writeUInt32BE(Math.floor(id / 0x1_0000_0000), at);
    node.blob.writeUInt32BE(id >>> 0, at + 4);
    node.blob.writeFloatBE(minX, at + 8);
    node.blob.writeFloatBE(maxX, at + 12);
    node.blob.writeFloatBE(minY, at + 16);
    node.blob.writeFloatBE(maxY, at + 20);
    if (node.cells === 0) Object.assign(node, { minX, maxX, minY, maxY });
    else {
      node.minX = Math.min(node.minX, minX);
      node.maxX = Math.max(node.maxX, maxX);
      node.minY = Math.min(node.minY, minY);
      node.maxY = Math.max(node.maxY, maxY);
    }
    node.cells++;
    this.seen[level]++;
    if (node.cells === this.capacity || this.seen[level] === this.cellsPerLevel[level]) this.closeNode(level);
  }

  private closeNode(level: number): void {
    const node = this.open[level];
    const number = this.nodeNumber(level, node.index);
    node.blob.writeUInt16BE(level === this.top ? this.top : 0, 0);
    node.blob.writeUInt16BE(node.cells, 2);
    if (level === 0) {
      this.insertRowids(this.rowidParams);
      this.rowidParams.length = 0;
    }
    if (level === this.top) this.replaceRoot.run(node.blob);
    else {
      this.insertNode.run(number, node.blob);
      this.insertParent.run(number, this.nodeNumber(level + 1, Math.floor(node.index / this.capacity)));
      this.addCell(level + 1, number, node.minX, node.maxX, node.minY, node.maxY);
    }
    node.blob.fill(0);
    node.cells = 0;
    node.index++;
  }
}
