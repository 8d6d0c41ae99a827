import { epsgFromSrsName, isLatitudeFirst, isSupportedEpsg } from '../geo/crs-definitions.js';

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
  private ringIsExterior = true;
  private text = '';
  private inPosList = false;
  /** Coordinates of a ring written as one gml:pos per vertex, gathered until its LinearRing closes. */
  private ringOfPos: string[] = [];

  reset(): void {
    this.polygons = [];
    this.current = null;
    this.srsStack = [];
    this.text = '';
    this.inPosList = false;
    this.ringOfPos = [];
  }

  /** Called for every opening tag inside a geometry property; `local` is the name without prefix. */
  open(local: string, srsName: string | undefined): void {
    this.srsStack.push(srsName);
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
        this.ringOfPos = [];
        break;
      case 'posList':
      case 'pos':
        this.inPosList = true;
        this.text = '';
        break;
    }
  }

  /** Whether text now is coordinates (the rest of a geometry's text is not read). */
  wantsText(): boolean {
    return this.inPosList;
  }

  addText(text: string): void {
    if (this.inPosList) this.text += text;
  }

  close(local: string): void {
    if (local === 'posList' && this.inPosList) {
      this.inPosList = false;
      this.addRing(this.text);
    } else if (local === 'pos' && this.inPosList) {
      this.inPosList = false;
      this.ringOfPos.push(this.text);
    } else if (local === 'LinearRing' && this.ringOfPos.length > 0) {
      this.addRing(this.ringOfPos.join(' '));
      this.ringOfPos = [];
    } else if ((local === 'PolygonPatch' || local === 'Polygon') && this.current) {
      if (this.current.length > 0) this.polygons.push(this.current);
      this.current = null;
    }
    this.srsStack.pop();
  }

  private srsName(): string | undefined {
    for (let i = this.srsStack.length - 1; i >= 0; i--) if (this.srsStack[i]) return this.srsStack[i];
    return undefined;
  }

  private addRing(text: string): void {
    if (!this.current) return;
    const { epsg, latFirst } = ringCrsOf(this.srsName());
    const xy = parseNumberList(text);
    const notFinite = xy.findIndex((n) => !Number.isFinite(n));
    if (notFinite >= 0) throw new Error(`Malformed posList: number ${notFinite + 1} of ${xy.length} is ${xy[notFinite]}, not a coordinate.`);
    if (xy.length % 2 !== 0) throw new Error(`Malformed posList of ${xy.length} numbers, which are not x y pairs.`);
    // Fewer than four points (three and the closing one) is a ring too short, said as wgs84Ring says it.
    if (xy.length < 8) throw new Error(RING_TOO_SHORT);
    if (latFirst) {
      for (let i = 0; i < xy.length; i += 2) {
        const north = xy[i];
        xy[i] = xy[i + 1];
        xy[i + 1] = north;
      }
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
  open(local: string, srsName: string | undefined): boolean {
    if (this.depth === 0 && !this.properties.has(local)) return false;
    if (++this.depth > 1) this.surfaces.open(local, srsName);
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
export function closedRingPoints(xy: readonly number[]): number {
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

const isSpace = (code: number) => code === 32 || code === 10 || code === 13 || code === 9;

/** Powers of ten exactly representable as doubles (10^0 … 10^22). */
const EXACT_POWERS_OF_TEN = Array.from({ length: 23 }, (_, k) => Number(`1e${k}`));

/**
 * The numbers of a posList: the same values as `text.trim().split(/\s+/).map(Number)` (each
 * token goes through Number, so "1e3" or garbage behave alike), without the regex split and the
 * intermediate array of token strings, which were a tenth of an import.
 *
 * Plain decimals of at most 15 digits (all the Catastro writes, like "376623.32") are read in
 * place: the digits as an integer, divided by the power of ten of the decimals. Both are exact
 * doubles (below 2^53, and 10^k up to 10^22), and IEEE division rounds the exact quotient
 * correctly, so the result is the double Number() gives for the token, bit for bit. Any other
 * token (exponent, more digits, a sign alone, garbage) goes through Number as before.
 */
export function parseNumberList(text: string): number[] {
  const numbers: number[] = [];
  const length = text.length;
  let at = 0;
  while (at < length) {
    while (at < length && isSpace(text.charCodeAt(at))) at++;
    if (at >= length) break;
    const start = at;
    let negative = false;
    let c = text.charCodeAt(at);
    if (c === 45 || c === 43) {
      negative = c === 45;
      at++;
    }
    let mantissa = 0;
    let digits = 0;
    let decimals = -1;
    for (; at < length; at++) {
      c = text.charCodeAt(at);
      if (c >= 48 && c <= 57) {
        mantissa = mantissa * 10 + (c - 48);
        digits++;
        if (decimals >= 0) decimals++;
      } else if (c === 46 && decimals < 0) decimals = 0;
      else break;
    }
    if (at < length && !isSpace(c)) {
      while (at < length && !isSpace(text.charCodeAt(at))) at++;
      numbers.push(Number(text.slice(start, at)));
    } else if (digits === 0 || digits > 15) {
      numbers.push(Number(text.slice(start, at)));
    } else {
      const value = decimals > 0 ? mantissa / EXACT_POWERS_OF_TEN[decimals] : mantissa;
      numbers.push(negative ? -value : value);
    }
  }
  return numbers;
}
