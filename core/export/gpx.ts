import type { Parcel } from '../model/index.js';
import { buildXml, XML_DECLARATION } from './xml-document.js';

/**
 * GPX 1.1: a `wpt` at the parcel's point (lat/lon attributes, `name` = reference), and the
 * outline as a closed track so GPS units and Google Earth can show the boundary. Built as a
 * document tree (the schema's element order: metadata, wpt, trk) so its texts go through the
 * same escaping as every other XML the app writes.
 */
export function parcelToGpx(parcel: Parcel): string {
  const name = parcel.refCatastral;
  return (
    XML_DECLARATION +
    buildXml({
      gpx: {
        '@_version': '1.1',
        '@_creator': 'Catastro Desktop',
        '@_xmlns': 'http://www.topografix.com/GPX/1/1',
        '@_xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
        '@_xsi:schemaLocation': 'http://www.topografix.com/GPX/1/1 https://www.topografix.com/GPX/1/1/gpx.xsd',
        metadata: { name, ...(parcel.attribution && { desc: `© ${parcel.attribution}` }) },
        wpt: { '@_lat': parcel.latitud, '@_lon': parcel.longitud, name, ...(parcel.direccion && { desc: parcel.direccion }) },
        trk: {
          name: `${name} outline`,
          trkseg: { trkpt: parcel.poligono.map(([lon, lat]) => ({ '@_lat': lat, '@_lon': lon })) },
        },
      },
    })
  );
}
