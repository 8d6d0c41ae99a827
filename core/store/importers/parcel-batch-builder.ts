import { isOnEarthAt, outsideTheWorld, wgs84TransformInto } from '../../geo/crs.js';
import { areaM2, centroid, isOfficialArea, polygonCenterOfMass } from '../../geo/polygon.js';
import { RING_TOO_SHORT, type SourceRing } from '../../formats/gml-surfaces.js';
import type { ParcelReadOptions, ParsedParcel } from '../../formats/inspire-parcel-reader.js';
import { decodeGeometry } from '../geometry-codec.js';
import { NUMBERS_PER_PARCEL, type ParcelBatch } from './parcel-batch.js';

/** Numbers a batch starts with room for (a 64 KiB read brings about 30 parcels, 9,000 numbers). */
const INITIAL_VALUES = 16 * 1024;

/**
 * Parsed parcels (outlines in the file's CRS) packed for the bulk writer in one pass: each ring's
 * points reprojected straight into the batch's outline buffer, in the stored layout
 * (geometry-codec.ts), and the box and centroid read from there. The same rows as
 * `packParcels(parsed.map(storedParcelOf))`, bit for bit, without the GeoJSON in between: a
 * [lon, lat] array per point, the rings and the geometry objects, walked three more times to
 * encode, box and centre them (with their garbage, a sixth of a bulk import's CPU:
 * docs/performance.md "Import on distinct parcels", fifth round). A parcel is converted as it
 * is added, so a fault (a point off the Earth, a ring too short once reprojected) is reported
 * where and as `wgs84Ring` reports it.
 */
export class ParcelBatchBuilder {
  private values = new Float64Array(INITIAL_VALUES);
  private length = 0;
  private numbers = new Float64Array(64 * NUMBERS_PER_PARCEL);
  /** Where each parcel's outline starts in `values`, and after the last one its end. */
  private starts: number[] = [0];
  private refs: string[] = [];
  private classes: string[] = [];
  private dataDates: string[] = [];

  constructor(private readonly options: Pick<ParcelReadOptions, 'source' | 'country' | 'landClass'>) {}

  add(parcel: ParsedParcel): void {
    const { polygons } = parcel;
    let bound = 2;
    for (const rings of polygons) {
      bound += 1;
      for (const ring of rings) bound += 3 + ring.xy.length;
    }
    this.reserve(bound);
    const values = this.values;
    const start = this.length;
    let i = start;
    values[i++] = polygons.length === 1 ? 1 : 2;
    values[i++] = polygons.length;
    for (const rings of polygons) {
      values[i++] = rings.length;
      for (const ring of rings) i = this.ring(ring, i);
    }
    this.length = i;
    this.pushNumbers(parcel, start, i);
    this.starts.push(i);
    this.refs.push(parcel.ref);
    this.classes.push(this.options.landClass?.(parcel.ref) ?? '');
    this.dataDates.push(parcel.dataDate);
  }

  /**
   * The batch of the parcels added since the last call; the builder starts a new one. Its outline
   * buffer is the builder's own, reused: the batch is valid until the next `add` (the writer
   * writes it first). A new buffer per batch, zeroed, was a twentieth of the import.
   */
  take(): ParcelBatch {
    const count = this.refs.length;
    const offsets = new Uint32Array(count + 1);
    for (let p = 1; p <= count; p++) offsets[p] = this.starts[p] * 8;
    const batch: ParcelBatch = {
      count,
      countries: this.options.country,
      refs: this.refs.join('\n'),
      classes: this.classes.join('\n'),
      sources: this.options.source,
      dataDates: this.dataDates.join('\n'),
      numbers: this.numbers.subarray(0, count * NUMBERS_PER_PARCEL),
      geometry: new Uint8Array(this.values.buffer, 0, this.length * 8),
      offsets,
    };
    this.length = 0;
    this.starts = [0];
    this.refs = [];
    this.classes = [];
    this.dataDates = [];
    return batch;
  }

  /**
   * Writes the ring from `i` as `wgs84Ring` keeps it: its points' count, then each point
   * reprojected (refused off the Earth), repeated points dropped, closed. Returns the index after it.
   */
  private ring({ epsg, xy }: SourceRing, i: number): number {
    const values = this.values;
    const toWgs84 = wgs84TransformInto(epsg);
    const countAt = i++;
    const first = i;
    for (let k = 0; k < xy.length; k += 2) {
      toWgs84(xy[k], xy[k + 1], values, i);
      const lon = values[i];
      const lat = values[i + 1];
      if (!isOnEarthAt(lon, lat)) throw new Error(outsideTheWorld(epsg, xy[k], xy[k + 1], [lon, lat]));
      // Real answers repeat vertices; a repeated point adds nothing to a ring.
      if (i === first || values[i - 2] !== lon || values[i - 1] !== lat) i += 2;
    }
    if (values[first] !== values[i - 2] || values[first + 1] !== values[i - 1]) {
      values[i] = values[first];
      values[i + 1] = values[first + 1];
      i += 2;
    }
    const points = (i - first) / 2;
    if (points < 4) throw new Error(RING_TOO_SHORT);
    values[countAt] = points;
    return i;
  }

  /** Centroid, area and box of the outline just written at values[start…end), as `storedParcelOf` and `bboxOf` give them. */
  private pushNumbers(parcel: ParsedParcel, start: number, end: number): void {
    const values = this.values;
    const single = values[start] === 1;
    // A MultiPolygon's centroid and an outline's own area (no official one) go through the
    // GeoJSON functions: rare in a cadastral file, and one rule for each.
    const geometry = !single || !isOfficialArea(parcel.areaValue) ? decodeGeometry(new Uint8Array(values.buffer, start * 8, (end - start) * 8)) : undefined;
    const [lon, lat] = single ? polygonCenterOfMass(values, start + 2) : centroid(geometry!);
    const area = isOfficialArea(parcel.areaValue) ? parcel.areaValue : areaM2(geometry!);
    let west = Infinity,
      south = Infinity,
      east = -Infinity,
      north = -Infinity;
    // bboxOf's comparisons in its order (which of 0 and -0 it keeps depends on it).
    let i = start + 2;
    for (let p = values[start + 1]; p > 0; p--) {
      for (let r = values[i++]; r > 0; r--) {
        const points = values[i++];
        for (let k = 0; k < points; k++, i += 2) {
          const x = values[i];
          const y = values[i + 1];
          if (west > x) west = x;
          if (south > y) south = y;
          if (east < x) east = x;
          if (north < y) north = y;
        }
      }
    }
    const n = this.refs.length * NUMBERS_PER_PARCEL;
    const numbers = (this.numbers = withRoom(this.numbers, n, NUMBERS_PER_PARCEL));
    numbers[n] = lon;
    numbers[n + 1] = lat;
    numbers[n + 2] = area;
    numbers[n + 3] = west;
    numbers[n + 4] = south;
    numbers[n + 5] = east;
    numbers[n + 6] = north;
  }

  private reserve(more: number): void {
    this.values = withRoom(this.values, this.length, more);
  }
}

/** `array`, or a copy of its first `used` numbers at least twice as long, with room for `more` after them. */
function withRoom(array: Float64Array<ArrayBuffer>, used: number, more: number): Float64Array<ArrayBuffer> {
  if (used + more <= array.length) return array;
  const grown = new Float64Array(Math.max(array.length * 2, used + more));
  grown.set(array.subarray(0, used));
  return grown;
}
