import type { FeatureRow, FeatureTable } from './feature-table.js';
import { KML_NAMESPACE, KML_STYLE, kmlDescription, kmlStyleTree, placemarkTree } from './kml.js';
import { buildXml, XML_DECLARATION } from './xml-document.js';

function placemarkOf(row: FeatureRow): string {
  const { refCatastral, direccion, municipio, attribution, ...rest } = row.properties;
  return buildXml({
    Placemark: placemarkTree({
      name: String(refCatastral ?? ''),
      description: kmlDescription(direccion, municipio, attribution),
      styleUrl: `#${KML_STYLE.id}`,
      data: Object.entries(rest)
        .filter(([, value]) => value !== null && value !== '')
        .map(([name, value]) => [name, String(value)]),
      ring: row.geometry!.coordinates[0],
    }),
  });
}

/**
 * KML 2.2 with one Placemark per parcel, named by its reference (Google Earth lists them by
 * name), attributes as ExtendedData, in pieces of one Placemark (buildXml escapes each one's
 * texts). Rows without an outline have no place on a globe and are left out; the batch keeps them
 * in its problems list instead.
 */
export function* kmlChunks(table: FeatureTable): Generator<string> {
  yield `${XML_DECLARATION}<kml xmlns="${KML_NAMESPACE}">\n<Document>\n`;
  yield buildXml({ name: table.name });
  // Styled as the single parcel's KML: without a Style Google Earth draws an opaque white fill.
  yield buildXml({ Style: kmlStyleTree() });
  for (const row of table.rows) if (row.geometry !== null) yield placemarkOf(row);
  yield '</Document>\n</kml>\n';
}

export const tableToKml = (table: FeatureTable): string => [...kmlChunks(table)].join('');
