import { epsgFromSrsName, isLatitudeFirst, isSupportedEpsg, wgs84Transform } from '../../geo/crs.js';
import type { LonLat, ParcelGeometry, Ring } from '../../model/index.js';

/**
 * Collects GML 3.2 surfaces (MultiSurface → Surface → PolygonPatch, or Polygon) from SAX
 * events into a WGS84 GeoJSON geometry. Hand-written because no maintained npm GML reader
 * streams: the usual ones build a DOM of the whole document.
 */
export class GmlSurfaceCollector {
  private polygons: Ring[][] = [];
  private current: Ring[] | null = null;
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
    const { latFirst, toWgs84 } = ringReaderOf(this.srsName());
    const numbers = parseNumberList(text);
    if (numbers.length < 8 || numbers.length % 2 !== 0 || numbers.some((n) => !Number.isFinite(n))) {
      throw new Error(`Malformed posList (${numbers.length} numbers).`);
    }
    const ring: Ring = [];
    for (let i = 0; i < numbers.length; i += 2) {
      const point: LonLat = latFirst ? toWgs84(numbers[i + 1], numbers[i]) : toWgs84(numbers[i], numbers[i + 1]);
      const previous = ring[ring.length - 1];
      // Real answers repeat vertices; a repeated point adds nothing to a ring.
      if (!previous || previous[0] !== point[0] || previous[1] !== point[1]) ring.push(point);
    }
    const [first, last] = [ring[0], ring[ring.length - 1]];
    if (first[0] !== last[0] || first[1] !== last[1]) ring.push([first[0], first[1]]);
    if (ring.length < 4) throw new Error('A ring needs at least three distinct points.');
    if (this.ringIsExterior || this.current.length === 0) this.current.unshift(ring);
    else this.current.push(ring);
  }

  geometry(): ParcelGeometry | undefined {
    if (this.polygons.length === 0) return undefined;
    return this.polygons.length === 1
      ? { type: 'Polygon', coordinates: this.polygons[0] }
      : { type: 'MultiPolygon', coordinates: this.polygons };
  }
}

interface RingReader { latFirst: boolean; toWgs84: (x: number, y: number) => LonLat }
const ringReaders = new Map<string, RingReader>();

/**
 * How a ring under this srsName is read: axis order and transform, worked out once per srsName
 * (a file repeats the same one on every ring) rather than by three regular expressions per ring.
 */
function ringReaderOf(srsName: string | undefined): RingReader {
  const known = srsName === undefined ? undefined : ringReaders.get(srsName);
  if (known) return known;
  const epsg = srsName ? epsgFromSrsName(srsName) : undefined;
  if (epsg === undefined || !isSupportedEpsg(epsg)) {
    throw new Error(`Geometry in an unsupported or missing CRS (srsName ${JSON.stringify(srsName)}).`);
  }
  const reader = { latFirst: isLatitudeFirst(srsName!), toWgs84: wgs84Transform(epsg) };
  if (ringReaders.size < 64) ringReaders.set(srsName!, reader);
  return reader;
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
    if (c === 45 || c === 43) { negative = c === 45; at++; }
    let mantissa = 0;
    let digits = 0;
    let decimals = -1;
    for (; at < length; at++) {
      c = text.charCodeAt(at);
      if (c >= 48 && c <= 57) { mantissa = mantissa * 10 + (c - 48); digits++; if (decimals >= 0) decimals++; } else if (c === 46 && decimals < 0) decimals = 0; else break;
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
