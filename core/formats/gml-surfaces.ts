import { epsgFromSrsName, isLatitudeFirst, isSupportedEpsg } from '../geo/crs-definitions.js';
import { continueNumbers, continueNumbersOfText, CoordinateNumbers, type TextOf } from './pos-list.js';

/**
 * A ring as the file wrote it: its CRS and its points as x, y pairs (easting or longitude first),
 * repeated points and all. gml-geometry.ts turns it into a WGS84 ring; the parse worker hands it
 * over as it is, so reprojection runs on the importing thread (docs/performance.md "Import against GDAL").
 */
export interface SourceRing {
  epsg: number;
  xy: ArrayLike<number>;
}

/**
 * Collects GML 3.2 surfaces (MultiSurface → Surface → PolygonPatch, or Polygon) from SAX
 * events as rings in their source CRS. Hand-written because no maintained npm GML reader
 * streams: the usual ones build a DOM of the whole document. A ring is checked as it closes
 * (CRS, numbers, three distinct points), so a fault is reported where it was before the split.
 */
export class SourceSurfaceCollector {
  private polygons: SourceRing[][] = [];
  private current: SourceRing[] | null = null;
  private srsStack: (string | undefined)[] = [];
  /** srsDimension per open element, as srsStack: a posList's own, else its geometry's. */
  private dimensionStack: (string | undefined)[] = [];
  /** Coordinates per point of the ring of gml:pos being gathered (read while its first pos is open). */
  private ringOfPosDimension = 2;
  /** The posList being read's numbers, decoded as its text arrives into one buffer reused from ring to ring. */
  private readonly posListNumbers = new CoordinateNumbers();
  /** Coordinates of a ring written as one gml:pos per vertex, gathered until its LinearRing closes. */
  private readonly ringOfPos = new CoordinateNumbers();
  /** gml:pos elements read into ringOfPos. */
  private ringOfPosCount = 0;
  /** Where the text now is numbers to: the posList's or the ring of pos's numbers (null: not coordinates). */
  private numbers: CoordinateNumbers | null = null;
  private ringIsExterior = true;

  reset(): void {
    this.polygons = [];
    this.current = null;
    this.srsStack = [];
    this.dimensionStack = [];
    this.numbers = null;
    this.ringOfPos.reset();
    this.ringOfPosCount = 0;
  }

  /** Called for every opening tag inside a geometry property; `local` is the name without prefix. */
  open(local: string, srsName: string | undefined, srsDimension?: string): void {
    this.srsStack.push(srsName);
    this.dimensionStack.push(srsDimension);
    switch (local) {
      case 'PolygonPatch':
      case 'Polygon':
        this.current = [];
        break;
      case 'exterior':
        this.ringIsExterior = true;
        break;
      case 'interior':
        this.ringIsExterior = false;
        break;
      case 'LinearRing':
        this.ringOfPos.reset();
        this.ringOfPosCount = 0;
        break;
      case 'posList':
        this.numbers = this.posListNumbers;
        this.numbers.reset();
        break;
      case 'pos':
        this.numbers = this.ringOfPos;
        break;
    }
  }

  /** Whether text now is coordinates (the rest of a geometry's text is not read). */
  wantsText(): boolean {
    return this.numbers !== null;
  }

  addText(text: string): void {
    if (this.numbers) continueNumbersOfText(text, this.numbers);
  }

  /** Text as the file's bytes (the import's tokenizer: `bytes[start, end)`), decoded straight into the numbers. */
  addBytes(bytes: Uint8Array, start: number, end: number, decode: TextOf): void {
    if (this.numbers) continueNumbers(bytes, start, end, this.numbers, decode);
  }

  close(local: string): void {
    if (local === 'posList' && this.numbers === this.posListNumbers) {
      this.numbers = null;
      this.addRing(this.posListNumbers, this.dimension());
    } else if (local === 'pos' && this.numbers === this.ringOfPos) {
      this.numbers = null;
      // The next pos's first number is a number of its own.
      this.ringOfPos.tail = '';
      if (this.ringOfPosCount++ === 0) this.ringOfPosDimension = this.dimension();
    } else if (local === 'LinearRing' && this.ringOfPosCount > 0) {
      this.addRing(this.ringOfPos, this.ringOfPosDimension);
      this.ringOfPos.reset();
      this.ringOfPosCount = 0;
    } else if ((local === 'PolygonPatch' || local === 'Polygon') && this.current) {
      if (this.current.length > 0) this.polygons.push(this.current);
      this.current = null;
    }
    this.srsStack.pop();
    this.dimensionStack.pop();
  }

  private srsName(): string | undefined {
    for (let i = this.srsStack.length - 1; i >= 0; i--) if (this.srsStack[i]) return this.srsStack[i];
    return undefined;
  }

  /** Coordinates per point where the element now open is: its srsDimension or its nearest ancestor's (2 or 3; the third is dropped). */
  private dimension(): number {
    for (let i = this.dimensionStack.length - 1; i >= 0; i--) {
      const declared = this.dimensionStack[i];
      if (declared === undefined) continue;
      if (declared === '2' || declared === '3') return Number(declared);
      throw new Error(`Malformed posList: srsDimension ${JSON.stringify(declared)} (2 or 3 are read).`);
    }
    return 2;
  }

  private addRing(numbers: CoordinateNumbers, dimension: number): void {
    if (!this.current) return;
    const { epsg, latFirst } = ringCrsOf(this.srsName());
    const { values, length } = numbers;
    for (let k = 0; k < length; k++) {
      if (!Number.isFinite(values[k])) throw new Error(`Malformed posList: number ${k + 1} of ${length} is ${values[k]}, not a coordinate.`);
    }
    if (length % dimension !== 0) throw new Error(`Malformed posList of ${length} numbers, which are not ${dimension === 2 ? 'x y pairs' : 'x y z triples'}.`);
    // Fewer than four points (three and the closing one) is a ring too short, said as wgs84Ring says it.
    if (length < 4 * dimension) throw new Error(RING_TOO_SHORT);
    // x, y of each point (easting or longitude first), the height left out.
    // A plain array of doubles, not a Float64Array: a typed array's allocation (its own backing
    // store) was a twentieth of the parse, one per ring.
    const xy: number[] = new Array<number>((length / dimension) * 2);
    const east = latFirst ? 1 : 0;
    const north = 1 - east;
    for (let k = 0, p = 0; k < length; k += dimension, p += 2) {
      xy[p] = values[k + east];
      xy[p + 1] = values[k + north];
    }
    // Points equal here are equal after reprojection, so the WGS84 ring has at most this many
    // points: a ring refused here is one wgs84Ring refuses, with the same message, as it closes.
    if (closedRingPoints(xy) < 4) throw new Error(RING_TOO_SHORT);
    const ring = { epsg, xy };
    if (this.ringIsExterior || this.current.length === 0) this.current.unshift(ring);
    else this.current.push(ring);
  }

  /** The surfaces collected since the last reset (a new array after each reset). */
  sourcePolygons(): SourceRing[][] {
    return this.polygons;
  }
}

/**
 * A feature's geometry property (INSPIRE `cp:geometry`, EGiB `egb:geometria`, DKK
 * `begrenzingPerceel`, …) as its SAX events arrive: the property element and everything inside it
 * are taken here, and what it holds, the GML geometry, goes to the surface collector. The depth
 * counting every GML feature reader of the project needs, in one place.
 */
export class GeometryProperty<Collector extends SourceSurfaceCollector = SourceSurfaceCollector> {
  private depth = 0;

  constructor(
    readonly surfaces: Collector,
    private readonly properties: ReadonlySet<string>,
  ) {}

  /** A new feature: no geometry read yet. */
  reset(): void {
    this.depth = 0;
    this.surfaces.reset();
  }

  /** Takes the element when it is the property or inside it; false: an element of the feature's own. */
  open(local: string, srsName: string | undefined, srsDimension?: string): boolean {
    if (this.depth === 0 && !this.properties.has(local)) return false;
    if (++this.depth > 1) this.surfaces.open(local, srsName, srsDimension);
    return true;
  }

  /** Takes the closing tag when it is inside the property or closes it. */
  close(local: string): boolean {
    if (this.depth === 0) return false;
    if (this.depth-- > 1) this.surfaces.close(local);
    return true;
  }

  /** Inside the geometry, where text is coordinates. */
  get inside(): boolean {
    return this.depth > 1;
  }
}

export const RING_TOO_SHORT = 'A ring needs at least three distinct points.';

/** Points of the ring once repeated points are dropped and the ring closed (what wgs84Ring keeps). */
export function closedRingPoints(xy: ArrayLike<number>): number {
  let points = 0;
  let x = NaN;
  let y = NaN;
  for (let i = 0; i < xy.length; i += 2) {
    if (points === 0 || xy[i] !== x || xy[i + 1] !== y) {
      points++;
      x = xy[i];
      y = xy[i + 1];
    }
  }
  return xy[0] !== x || xy[1] !== y ? points + 1 : points;
}

interface RingCrs {
  epsg: number;
  latFirst: boolean;
}
const ringCrses = new Map<string, RingCrs>();

/**
 * How a ring under this srsName is read: its EPSG code and axis order, worked out once per srsName
 * (a file repeats the same one on every ring) rather than by three regular expressions per ring.
 */
function ringCrsOf(srsName: string | undefined): RingCrs {
  const known = srsName === undefined ? undefined : ringCrses.get(srsName);
  if (known) return known;
  const epsg = srsName ? epsgFromSrsName(srsName) : undefined;
  if (epsg === undefined || !isSupportedEpsg(epsg)) {
    throw new Error(`Geometry in an unsupported or missing CRS (srsName ${JSON.stringify(srsName)}).`);
  }
  const crs = { epsg, latFirst: isLatitudeFirst(srsName!) };
  if (ringCrses.size < 64) ringCrses.set(srsName!, crs);
  return crs;
}
