import { epsgFromSrsName, isLatitudeFirst, isOnEarth, outsideTheWorld, toWgs84 } from '../geo/crs.js';
import type { LonLat } from '../model/index.js';
import { createSax } from './sax.js';
import { readText, type TextChunk, type TextInput } from './text-stream.js';

/**
 * One AD:Address of the Catastro's INSPIRE Addresses file (`A.ES.SDGC.AD.<municipality>.gml`):
 * a portal (or the parcel's point when the address has no entrance) with its number and the
 * gml:ids of its street (ThoroughfareName), postcode (PostalDescriptor) and municipality
 * (AdminUnitName). The components are separate features, often after the addresses, so they are
 * joined once the whole file is read (import-runner).
 */
export interface StagedAddress {
  /** The parcel's 14-character reference: the last part of the localId (`38.012.10.1.8345806CS5284S`). */
  ref: string;
  /** The locator designator as written: `1`, `10A`, `S-N` (no number). */
  number: string;
  point: LonLat;
  componentIds: string[];
}

/** A street, postcode or municipality feature an address points to by `#gml:id`. */
export interface AddressComponent {
  id: string;
  value: string;
}

const COMPONENTS = new Set(['ThoroughfareName', 'PostalDescriptor', 'AdminUnitName']);

/**
 * Streams an INSPIRE AD 3.0 GML as the Catastro publishes it (ISO-8859-1 decoded by readText):
 * addresses and their components handed over in batches, one chunk of the file at a time, so a
 * large municipality never sits in memory. Coordinates are turned into WGS84 longitude/latitude.
 */
export async function streamAddresses(
  file: TextInput,
  sink: (addresses: StagedAddress[], components: AddressComponent[], progress: TextChunk) => void | Promise<void>,
): Promise<{ addresses: number; components: number }> {
  let addresses: StagedAddress[] = [];
  let components: AddressComponent[] = [];
  const counts = { addresses: 0, components: 0 };
  let address: { ref?: string; number?: string; point?: LonLat; srsName?: string; componentIds: string[] } | null = null;
  let component: { id: string; kind: string; value?: string } | null = null;
  const inside: string[] = [];
  let text = '';

  const sax = createSax({
    open(local, attributes) {
      if (local === 'Address') {
        address = { componentIds: [] };
        inside.length = 0;
        return;
      }
      if (COMPONENTS.has(local)) {
        component = { id: attributes['gml:id'] ?? '', kind: local };
        inside.length = 0;
        return;
      }
      if (!address && !component) return;
      inside.push(local);
      text = '';
      if (address && local === 'Point') address.srsName = attributes.srsName;
      if (address && local === 'component' && attributes['xlink:href']) address.componentIds.push(attributes['xlink:href'].replace(/^#/, ''));
    },
    text(value) {
      text += value;
    },
    close(local) {
      if (address) {
        if (local === 'Address') {
          const { ref, number, point } = address;
          if (ref && number && point) {
            addresses.push({ ref, number, point, componentIds: address.componentIds });
            counts.addresses++;
          }
          address = null;
          return;
        }
        inside.pop();
        const value = text.trim();
        if (local === 'localId' && value) address.ref = value.split('.').at(-1);
        // The innermost designator holds the text (inside LocatorDesignator, or straight inside the outer one for `S-N`).
        else if (local === 'designator' && value && address.number === undefined) address.number = value;
        else if (local === 'pos' && value) address.point = lonLatOf(value, address.srsName);
        text = '';
        return;
      }
      if (component) {
        if (local === component.kind) {
          if (component.id && component.value) {
            components.push({ id: component.id, value: component.value });
            counts.components++;
          }
          component = null;
          return;
        }
        inside.pop();
        const value = text.trim();
        // The street's and municipality's name (GN:text of its spelling), the postcode's code.
        if ((local === 'text' || local === 'postCode') && value && component.value === undefined) component.value = value;
        text = '';
      }
    },
  });

  for await (const chunk of readText(file)) {
    sax.write(chunk.text);
    // A sink writing to a database server returns a promise while its buffer drains: reading waits for it.
    await sink(addresses, components, chunk);
    addresses = [];
    components = [];
  }
  sax.close();
  if (addresses.length || components.length) await sink(addresses, components, { text: '', bytesRead: 0 });
  return counts;
}

function lonLatOf(pos: string, srsName: string | undefined): LonLat | undefined {
  // Real files separate the two numbers by a space, and some by a comma.
  const [a, b] = pos.split(/[\s,]+/).map(Number);
  if (!Number.isFinite(a) || !Number.isFinite(b)) return undefined;
  const epsg = srsName ? epsgFromSrsName(srsName) : undefined;
  if (epsg === undefined) throw new Error(`an address point has no EPSG code in its srsName (${srsName ?? 'none'})`);
  const [x, y] = isLatitudeFirst(srsName!) ? [b, a] : [a, b];
  const point = toWgs84(epsg, x, y);
  if (!isOnEarth(point)) throw new Error(outsideTheWorld(epsg, x, y, point));
  return point;
}
