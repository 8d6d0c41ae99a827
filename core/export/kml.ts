import { booleanClockwise } from '@turf/turf';
import type { LonLat, Parcel } from '../model/index.js';
import { parcelProperties } from './feature-table.js';
import { buildXml, XML_DECLARATION } from './xml-document.js';

/** The outline's look in Google Earth: the app's selection orange, 2 px outline, fill at 25 % (KML colours are aabbggrr). */
export const KML_STYLE = { id: 'parcel', lineColor: 'ff0f48d9', lineWidth: 2, fillColor: '400f48d9' } as const;

export const KML_NAMESPACE = 'http://www.opengis.net/kml/2.2';

/** The shared Style element every parcel KML declares once (a single parcel's and a batch's alike). */
export const kmlStyleTree = () => ({
  '@_id': KML_STYLE.id,
  LineStyle: { color: KML_STYLE.lineColor, width: KML_STYLE.lineWidth },
  PolyStyle: { color: KML_STYLE.fillColor, fill: 1, outline: 1 },
});

/** KML wants the outer ring counter-clockwise (KML 2.2 §10.8, as Google Earth draws it); the source may give either. */
export function counterClockwise(ring: LonLat[]): LonLat[] {
  if (ring.length < 4) return ring;
  return booleanClockwise(ring) ? [...ring].reverse() : ring;
}

/** The balloon's one line: address, municipality and the data's owner. */
export function kmlDescription(direccion: unknown, municipio: unknown, attribution: unknown): string {
  return [direccion, municipio, attribution && `© ${String(attribution)}`].filter(Boolean).join(' — ');
}

export interface PlacemarkContent {
  name: string;
  description: string;
  /** ExtendedData, in order: Google Earth shows it in the balloon, GDAL reads it as attributes. */
  data: [name: string, value: string][];
  ring: LonLat[];
  styleUrl?: string;
}

/**
 * One Placemark as a document tree for buildXml: the outline as a tessellated Polygon (it follows
 * the terrain instead of cutting through hills), counter-clockwise.
 */
export function placemarkTree({ name, description, data, ring, styleUrl }: PlacemarkContent): object {
  return {
    name,
    ...(description && { description }),
    ...(styleUrl && { styleUrl }),
    ExtendedData: { Data: data.map(([dataName, value]) => ({ '@_name': dataName, value })) },
    Polygon: {
      tessellate: 1,
      outerBoundaryIs: {
        LinearRing: {
          coordinates: counterClockwise(ring)
            .map(([lon, lat]) => `${lon},${lat}`)
            .join(' '),
        },
      },
    },
  };
}

/** The fields a parcel file carries (FILE_FIELDS, under the spec's names) that have a value, as ExtendedData. */
function extendedData(parcel: Parcel): [string, string][] {
  return Object.entries(parcelProperties(parcel))
    .filter(([, value]) => value !== null && value !== '')
    .map(([name, value]) => [name, String(value)]);
}

/**
 * KML 2.2 document with one Placemark named by the reference: a shared Style (outline and a
 * semi-transparent fill, so the ground shows through), and the parcel's fields as ExtendedData, which
 * Google Earth shows in the balloon.
 */
export function parcelToKml(parcel: Parcel): string {
  return (
    XML_DECLARATION +
    buildXml({
      kml: {
        '@_xmlns': KML_NAMESPACE,
        Document: {
          name: parcel.refCatastral,
          Style: kmlStyleTree(),
          Placemark: placemarkTree({
            name: parcel.refCatastral,
            description: kmlDescription(parcel.direccion, parcel.municipio, parcel.attribution),
            styleUrl: `#${KML_STYLE.id}`,
            data: extendedData(parcel),
            ring: parcel.poligono,
          }),
        },
      },
    })
  );
}
