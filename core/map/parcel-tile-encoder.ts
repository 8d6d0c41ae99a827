import { PbfWriter } from 'pbf';
import { outlineValues } from '../store/geometry-codec.js';
import type { ParcelOutlines } from '../model/records.js';

/** Tile units per tile side, and the margin (in those units) drawn around it so lines meet at tile edges. */
export const TILE_EXTENT = 4096;
export const TILE_BUFFER = 64;
/** geojson-vt's default: a vertex closer than this (tile units) to its simplified line is dropped. */
const SIMPLIFY_TOLERANCE = 3;
/** The deepest zoom geojson-vt simplifies for when asked for one tile (its maxZoom 24): vertices it never keeps. */
const DEEPEST_ZOOM = 24;

/**
 * A Mapbox Vector Tile (spec 2.1) of parcels, layer `layerName`, properties `ref`, `country`
 * and `area` (m², rounded), made straight from the stored Float64 outlines: each vertex is
 * projected to Web Mercator tile units, rings are clipped to the tile and its buffer,
 * simplified and written; no GeoJSON object is made. Null when no parcel leaves a ring.
 *
 * The geometry is what geojson-vt's `geoJSONToTile` + vt-pbf made before (same projection,
 * simplification and clipping, so tiles stay the same within rounding), except that rings
 * are kept valid by the MVT spec: consecutive vertices that round to the same tile unit are
 * written once (LineTo with a zero delta is forbidden), rings left with fewer than three
 * vertices or no area are dropped (and the holes of a dropped exterior), and the winding is
 * decided on the written integers (exterior positive area by the surveyor's formula in tile
 * coordinates, i.e. clockwise with y down; holes the other way).
 *
 * Hand-written geometry because no library encodes from flat Float64 rings: geojson-vt needs
 * GeoJSON objects and builds its own intermediate ones (a fifth of a tile's time, plus the
 * garbage). The protobuf itself is written with `pbf`'s writer (varints, zigzag, lengths).
 */
export function encodeParcelTile(parcels: ParcelOutlines, layerName: string, z: number, x: number, y: number): Uint8Array | null {
  if (parcels.refs.length === 0) return null;
  const tile = new TileProjection(z, x, y);
  const layer = new LayerTables();
  const outlines = outlineValues(parcels.outlines);
  const pbf = new PbfWriter();
  let features = 0;
  pbf.writeMessage(
    3,
    (_: null, out: PbfWriter) => {
      out.writeVarintField(15, 2); // version
      out.writeStringField(1, layerName);
      out.writeVarintField(5, TILE_EXTENT);
      let offset = 0;
      for (let i = 0; i < parcels.refs.length; i++) {
        offset = tile.projectOutline(outlines, offset);
        if (tile.ringCount === 0) continue;
        tags[1] = layer.uniqueValueIndex(parcels.refs[i]);
        tags[3] = layer.valueIndex(parcels.countries[i]);
        tags[5] = layer.valueIndex(Math.round(parcels.areasM2[i]));
        out.writeMessage(2, writeFeature, tile);
        features++;
      }
      for (const key of PROPERTY_KEYS) out.writeStringField(3, key);
      for (const value of layer.values) out.writeMessage(4, writeValue, value);
    },
    null,
  );
  return features === 0 ? null : pbf.finish();
}

/** The keys of every feature, in the order of `tags` below. */
const PROPERTY_KEYS = ['ref', 'country', 'area'];
/** A feature's tags: key index, value index, pairwise (value indexes set per feature). */
const tags = [0, 0, 1, 0, 2, 0];

function writeFeature(tile: TileProjection, out: PbfWriter): void {
  out.writePackedVarint(2, tags);
  out.writeVarintField(3, 3); // POLYGON
  out.writeMessage(4, writeGeometry, tile);
}

const moveTo = (count: number) => (count << 3) | 1;
const lineTo = (count: number) => (count << 3) | 2;
const CLOSE_PATH = (1 << 3) | 7;

/** The commands of the projected rings; parameters are deltas from the previous vertex, zigzag-encoded by writeSVarint. */
function writeGeometry(tile: TileProjection, out: PbfWriter): void {
  const { points, ringEnds, ringCount } = tile;
  let cursorX = 0,
    cursorY = 0,
    start = 0;
  for (let r = 0; r < ringCount; r++) {
    const end = ringEnds[r];
    for (let i = start; i < end; i += 2) {
      if (i === start) out.writeVarint(moveTo(1));
      else if (i === start + 2) out.writeVarint(lineTo((end - start) / 2 - 1));
      out.writeSVarint(points[i] - cursorX);
      out.writeSVarint(points[i + 1] - cursorY);
      cursorX = points[i];
      cursorY = points[i + 1];
    }
    out.writeVarint(CLOSE_PATH);
    start = end;
  }
}

function writeValue(value: string | number, out: PbfWriter): void {
  if (typeof value === 'string') out.writeStringField(1, value);
  else if (!Number.isInteger(value)) out.writeDoubleField(3, value);
  else if (value < 0) out.writeSVarintField(6, value);
  else out.writeVarintField(5, value);
}

/** The layer's value table (MVT features refer to values by index). */
class LayerTables {
  readonly values: (string | number)[] = [];
  /** By value: a Map tells the text '5' from the number 5. */
  private readonly indexes = new Map<string | number, number>();

  /**
   * A value of one feature (a parcel's reference), added without looking for it: hashing
   * thousands of fresh strings cost more than the rare repeat saves, and MVT allows repeats.
   */
  uniqueValueIndex(value: string): number {
    return this.values.push(value) - 1;
  }

  /** A value many features share (a country, an area): kept once. */
  valueIndex(value: string | number): number {
    let index = this.indexes.get(value);
    if (index === undefined) {
      index = this.values.push(value) - 1;
      this.indexes.set(value, index);
    }
    return index;
  }
}

/**
 * One tile's projection, clipping and simplification, on reused flat arrays: vertices as
 * [x, y, importance] triples in world units (the unit square of Web Mercator), like
 * geojson-vt's internal lines, so its rules carry over one to one.
 */
class TileProjection {
  /** The current feature's rings in tile units, x/y pairs, each ring ending at `ringEnds[r]`. */
  points = new Int32Array(4096);
  ringEnds = new Int32Array(64);
  ringCount = 0;

  private readonly scale: number;
  private readonly clipStartX: number;
  private readonly clipEndX: number;
  private readonly clipStartY: number;
  private readonly clipEndY: number;
  /** Squared world distance/area under which geojson-vt drops a vertex or a ring at this zoom (0: keep all). */
  private readonly sqTolerance: number;
  private readonly deepestSqTolerance = (SIMPLIFY_TOLERANCE / (2 ** DEEPEST_ZOOM * TILE_EXTENT)) ** 2;
  private ring = new Float64Array(3 * 256);
  private clipped = new Float64Array(3 * 256);
  private stack: number[] = [];

  constructor(
    z: number,
    private readonly x: number,
    private readonly y: number,
  ) {
    this.scale = 2 ** z;
    const buffer = TILE_BUFFER / TILE_EXTENT;
    this.clipStartX = (x - buffer) / this.scale;
    this.clipEndX = (x + 1 + buffer) / this.scale;
    this.clipStartY = (y - buffer) / this.scale;
    this.clipEndY = (y + 1 + buffer) / this.scale;
    const tolerance = z === DEEPEST_ZOOM ? 0 : SIMPLIFY_TOLERANCE / (this.scale * TILE_EXTENT);
    this.sqTolerance = tolerance * tolerance;
  }

  /**
   * Projects the stored outline at `offset` of `values` into `points`/`ringEnds` (none when
   * nothing is left to draw); returns where the next outline starts.
   */
  projectOutline(values: Float64Array, offset: number): number {
    this.ringCount = 0;
    let i = offset + 1;
    const polygonCount = values[i++];
    for (let p = 0; p < polygonCount; p++) {
      const ringCount = values[i++];
      let exteriorKept = false;
      for (let r = 0; r < ringCount; r++) {
        const vertices = values[i++];
        // A hole is drawn only inside its exterior: a polygon whose exterior is gone keeps none.
        if (r === 0 || exteriorKept) {
          const kept = this.addRing(values, i, vertices, r === 0);
          if (r === 0) exteriorKept = kept;
        }
        i += vertices * 2;
      }
    }
    return i;
  }

  private addRing(values: Float64Array, start: number, vertices: number, exterior: boolean): boolean {
    if (vertices < 3) return false;
    let ring = this.reserve('ring', vertices * 3);
    // Project (geojson-vt's Mercator, to the unit square) and measure the ring's area there.
    let area = 0,
      x0 = 0,
      y0 = 0;
    let minX = Infinity,
      minY = Infinity,
      maxX = -Infinity,
      maxY = -Infinity;
    for (let k = 0; k < vertices; k++) {
      const x = values[start + 2 * k] / 360 + 0.5;
      const sin = Math.sin((values[start + 2 * k + 1] * Math.PI) / 180);
      const yRaw = 0.5 - (0.25 * Math.log((1 + sin) / (1 - sin))) / Math.PI;
      const y = yRaw < 0 ? 0 : yRaw > 1 ? 1 : yRaw;
      ring[3 * k] = x;
      ring[3 * k + 1] = y;
      ring[3 * k + 2] = 0;
      if (k > 0) area += (x0 * y - x * y0) / 2;
      x0 = x;
      y0 = y;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
    // A ring smaller than the tolerance squared is not drawn at this zoom (geojson-vt's rule).
    if (this.sqTolerance > 0 && Math.abs(area) < this.sqTolerance) return false;
    if (maxX < this.clipStartX || minX >= this.clipEndX || maxY < this.clipStartY || minY >= this.clipEndY) return false;
    const last = 3 * (vertices - 1);
    ring[2] = 1;
    this.simplify(ring, 0, last);
    ring[last + 2] = 1;
    let length = vertices * 3;
    if (minX < this.clipStartX || maxX >= this.clipEndX) {
      length = this.clip(ring, length, this.clipStartX, this.clipEndX, 0);
      ring = this.ring;
    }
    if (minY < this.clipStartY || maxY >= this.clipEndY) {
      length = this.clip(ring, length, this.clipStartY, this.clipEndY, 1);
      ring = this.ring;
    }
    return this.writeRing(ring, length, exterior);
  }

  /**
   * geojson-vt's Douglas-Peucker marking (simplify.ts, same tie-break to the middle): each
   * vertex gets the squared distance at which it stops mattering; the tile keeps those above
   * its zoom's tolerance. Marked to geojson-vt's deepest zoom as it does, so the same vertices survive.
   */
  private simplify(coords: Float64Array, first: number, last: number): void {
    const stack = this.stack;
    stack.length = 0;
    stack.push(first, last);
    while (stack.length) {
      last = stack.pop()!;
      first = stack.pop()!;
      let maxSqDist = this.deepestSqTolerance;
      const mid = first + ((last - first) >> 1);
      let minPosToMid = last - first;
      let index = -1;
      const ax = coords[first],
        ay = coords[first + 1],
        bx = coords[last],
        by = coords[last + 1];
      for (let i = first + 3; i < last; i += 3) {
        const d = sqSegmentDistance(coords[i], coords[i + 1], ax, ay, bx, by);
        if (d > maxSqDist) {
          index = i;
          maxSqDist = d;
        } else if (d === maxSqDist) {
          const posToMid = Math.abs(i - mid);
          if (posToMid < minPosToMid) {
            index = i;
            minPosToMid = posToMid;
          }
        }
      }
      if (maxSqDist > this.deepestSqTolerance) {
        coords[index + 2] = maxSqDist;
        if (index - first > 3) stack.push(first, index);
        if (last - index > 3) stack.push(index, last);
      }
    }
  }

  /**
   * geojson-vt's polygon clip (clip.ts clipLine) of one ring against start ≤ axis ≤ end:
   * vertices inside kept, a vertex added where an edge crosses a bound (always kept by
   * simplification), the ring closed again. Writes to the scratch `ring`, returns its length.
   */
  private clip(source: Float64Array, length: number, start: number, end: number, axis: 0 | 1): number {
    // The source may be the scratch ring itself: clip from a copy.
    const input = this.reserve('clipped', length);
    input.set(source.subarray(0, length));
    const out = this.reserve('ring', length * 2 + 6);
    let n = 0;
    const add = (x: number, y: number, importance: number) => {
      out[n++] = x;
      out[n++] = y;
      out[n++] = importance;
    };
    const intersect = (ax: number, ay: number, bx: number, by: number, bound: number) => {
      if (axis === 0) add(bound, ay + ((by - ay) * (bound - ax)) / (bx - ax), 1);
      else add(ax + ((bx - ax) * (bound - ay)) / (by - ay), bound, 1);
    };
    for (let i = 0; i < length - 3; i += 3) {
      const ax = input[i],
        ay = input[i + 1],
        az = input[i + 2];
      const bx = input[i + 3],
        by = input[i + 4];
      const a = axis === 0 ? ax : ay;
      const b = axis === 0 ? bx : by;
      if (a < start) {
        if (b >= start) intersect(ax, ay, bx, by, start);
      } else if (a > end) {
        if (b <= end) intersect(ax, ay, bx, by, end);
      } else add(ax, ay, az);
      if (b < start && a >= start) intersect(ax, ay, bx, by, start);
      if (b > end && a <= end) intersect(ax, ay, bx, by, end);
    }
    const last = length - 3;
    const a = input[last + axis];
    if (a >= start && a <= end) add(input[last], input[last + 1], input[last + 2]);
    if (n >= 6 && (out[n - 3] !== out[0] || out[n - 2] !== out[1])) add(out[0], out[1], out[2]);
    return n;
  }

  /** Keeps the ring's vertices that matter at this zoom, in tile units, as a valid MVT ring; false when none is left. */
  private writeRing(ring: Float64Array, length: number, exterior: boolean): boolean {
    const first = this.ringCount === 0 ? 0 : this.ringEnds[this.ringCount - 1];
    const points = this.reservePoints(first + (length / 3) * 2);
    let n = first;
    const extent = TILE_EXTENT,
      scale = this.scale,
      tx = this.x,
      ty = this.y,
      sqTolerance = this.sqTolerance;
    for (let i = 0; i < length; i += 3) {
      if (sqTolerance !== 0 && !(ring[i + 2] > sqTolerance)) continue;
      const px = Math.round(extent * (ring[i] * scale - tx));
      const py = Math.round(extent * (ring[i + 1] * scale - ty));
      if (n > first && points[n - 2] === px && points[n - 1] === py) continue; // the same tile unit again
      points[n++] = px;
      points[n++] = py;
    }
    // Closing vertices equal to the first: ClosePath draws that edge.
    while (n - first >= 4 && points[n - 2] === points[first] && points[n - 1] === points[first + 1]) n -= 2;
    if (n - first < 6) return false;
    // Twice the area by the surveyor's formula in tile units (y down): positive is clockwise on screen.
    let twiceArea = 0;
    for (let i = first, j = n - 2; i < n; j = i, i += 2) twiceArea += points[j] * points[i + 1] - points[i] * points[j + 1];
    if (twiceArea === 0) return false;
    if (twiceArea > 0 !== exterior) {
      // Reverse, keeping the first vertex first (as geojson-vt's rewind of a closed ring does).
      for (let i = first + 2, j = n - 2; i < j; i += 2, j -= 2) {
        const sx = points[i],
          sy = points[i + 1];
        points[i] = points[j];
        points[i + 1] = points[j + 1];
        points[j] = sx;
        points[j + 1] = sy;
      }
    }
    if (this.ringCount === this.ringEnds.length) {
      const grown = new Int32Array(this.ringEnds.length * 2);
      grown.set(this.ringEnds);
      this.ringEnds = grown;
    }
    this.ringEnds[this.ringCount++] = n;
    return true;
  }

  private reserve(which: 'ring' | 'clipped', size: number): Float64Array {
    if (this[which].length < size) this[which] = new Float64Array(Math.max(size, this[which].length * 2));
    return this[which];
  }

  private reservePoints(size: number): Int32Array {
    if (this.points.length < size) {
      const grown = new Int32Array(Math.max(size, this.points.length * 2));
      grown.set(this.points);
      this.points = grown;
    }
    return this.points;
  }
}

/** Squared distance from a point to a segment (geojson-vt's getSqSegDist). */
function sqSegmentDistance(px: number, py: number, x: number, y: number, bx: number, by: number): number {
  let dx = bx - x;
  let dy = by - y;
  if (dx !== 0 || dy !== 0) {
    const t = ((px - x) * dx + (py - y) * dy) / (dx * dx + dy * dy);
    if (t > 1) {
      x = bx;
      y = by;
    } else if (t > 0) {
      x += dx * t;
      y += dy * t;
    }
  }
  dx = px - x;
  dy = py - y;
  return dx * dx + dy * dy;
}
