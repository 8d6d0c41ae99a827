import { toKML } from '@placemarkio/tokml';
import type { FeatureTable } from './feature-table.js';

/**
 * KML 2.2 with one Placemark per parcel, named by its reference (Google Earth lists them by
 * name), attributes as ExtendedData. Rows without an outline have no place on a globe and are
 * left out; the batch keeps them in its problems list instead.
 */
export function tableToKml(table: FeatureTable): string {
  const features = table.rows
    .filter((row) => row.geometry !== null)
    .map((row) => {
      const { refCatastral, direccion, municipio, attribution, ...rest } = row.properties;
      const description = [direccion, municipio, attribution && `© ${attribution}`].filter(Boolean).join(' — ');
      const extended = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== null && v !== ''));
      return {
        type: 'Feature' as const,
        geometry: row.geometry!,
        properties: { name: String(refCatastral ?? ''), description, ...extended },
      };
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${toKML({ type: 'FeatureCollection', features })}\n`;
}
