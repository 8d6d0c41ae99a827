import { booleanClockwise } from '@turf/turf';
import { XMLBuilder } from 'fast-xml-parser';
import type { LonLat, Parcel } from '../model/index.js';

/** The outline's look in Google Earth: the app's selection orange, 2 px outline, fill at 25 % (KML colours are aabbggrr). */
export const KML_STYLE = { id: 'parcel', lineColor: 'ff0f48d9', lineWidth: 2, fillColor: '400f48d9' } as const;

/** KML wants the outer ring counter-clockwise (KML 2.2 §10.8, as Google Earth draws it); the source may give either. */
export function counterClockwise(ring: LonLat[]): LonLat[] {
  if (ring.length < 4) return ring;
  return booleanClockwise(ring) ? [...ring].reverse() : ring;
}

/** Every field of the answer as ExtendedData (name = the spec's field name), the outline aside: it is the geometry. */
function extendedData(parcel: Parcel): { '@_name': string; value: string }[] {
  const { poligono: _outline, ...fields } = parcel;
  const flat: [string, unknown][] = Object.entries(fields).flatMap(([name, value]) => (
    value !== null && typeof value === 'object'
      ? Object.entries(value as object).map(([key, inner]) => [`${name}.${key}`, inner] as [string, unknown])
      : [[name, value] as [string, unknown]]));
  return flat.filter(([, value]) => value !== undefined && value !== null && value !== '').map(([name, value]) => ({ '@_name': name, value: String(value) }));
}

/**
 * KML 2.2 document with one Placemark named by the reference: a shared Style (outline and a
 * semi-transparent fill, so the ground shows through), the outline as a tessellated Polygon (it
 * follows the terrain instead of cutting through hills), and every field as ExtendedData, which
 * Google Earth shows in the balloon. Written with fast-xml-parser's builder (escaping included).
 */
export function parcelToKml(parcel: Parcel): string {
  const description = [parcel.direccion, parcel.municipio, parcel.attribution && `© ${parcel.attribution}`].filter(Boolean).join(' — ');
  const coordinates = counterClockwise(parcel.poligono).map(([lon, lat]) => `${lon},${lat}`).join(' ');
  const document = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    kml: {
      '@_xmlns': 'http://www.opengis.net/kml/2.2',
      Document: {
        name: parcel.refCatastral,
        Style: {
          '@_id': KML_STYLE.id,
          LineStyle: { color: KML_STYLE.lineColor, width: KML_STYLE.lineWidth },
          PolyStyle: { color: KML_STYLE.fillColor, fill: 1, outline: 1 },
        },
        Placemark: {
          name: parcel.refCatastral,
          ...(description && { description }),
          styleUrl: `#${KML_STYLE.id}`,
          ExtendedData: { Data: extendedData(parcel) },
          Polygon: {
            tessellate: 1,
            outerBoundaryIs: { LinearRing: { coordinates } },
          },
        },
      },
    },
  };
  const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, suppressEmptyNode: true });
  return builder.build(document) as string;
}
