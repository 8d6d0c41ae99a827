import { toKML } from '@placemarkio/tokml';
import type { Parcel } from '../model/index.js';

/**
 * KML 2.2 document with one Placemark named by the reference, holding the outline as a Polygon
 * (what Google Earth opens). tokml writes the `<kml><Document><Placemark>` structure; we add
 * the XML declaration Google Earth expects for non-ASCII names.
 */
export function parcelToKml(parcel: Parcel): string {
  const description = [parcel.direccion, parcel.municipio, parcel.attribution && `© ${parcel.attribution}`]
    .filter(Boolean)
    .join(' — ');
  const body = toKML({
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: {
          name: parcel.refCatastral,
          description,
          pais: parcel.pais,
          ...(parcel.superficieParcela !== undefined && { superficieParcela: parcel.superficieParcela }),
        },
        geometry: { type: 'Polygon', coordinates: [parcel.poligono] },
      },
    ],
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`;
}
