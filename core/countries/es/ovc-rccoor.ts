import { epsgFromSrsName, isSupportedEpsg, toWgs84 } from '../../geo/crs.js';
import { notFound, unavailable, type LonLat } from '../../model/index.js';
import { asList, asNode, asText, ovcErrors, ovcNumber, ovcRefusal, ovcRoot } from './ovc-answer.js';

/** One parcel a Consulta_RCCOOR answer names at the queried point. */
export interface RccoorMatch {
  ref14: string;
  /** `geo.xcen`/`geo.ycen` converted from `geo.srs` to WGS84 (the service echoes the queried point). */
  point: LonLat;
  /** `ldt`: the Catastro's address line, e.g. `CL SAN RESTITUTO 72(C) MADRID (MADRID)`. */
  direccion: string;
}

export const RCCOOR_SOURCE = 'Catastro OVC (Consulta_RCCOOR)';

/**
 * Parses a Consulta_RCCOOR answer (`Consulta_RCCOORResult.coordenadas.coord[]`, or the XML
 * `consulta_coordenadas`). Refusals (`cuerr`/`lerr`, delivered with HTTP 200; code 16 = no
 * reference at those coordinates) become 404/400; an unreadable body becomes 503.
 */
export function parseRccoor(body: string, subject = 'The point'): RccoorMatch[] {
  const root = ovcRoot(body, ['Consulta_RCCOORResult', 'consulta_coordenadas'], RCCOOR_SOURCE);
  const errors = ovcErrors(root);
  if (errors.length > 0) throw ovcRefusal(errors, subject);

  const matches = asList(asNode(root.coordenadas).coord)
    .map((coord): RccoorMatch => {
      const pc = asNode(coord.pc);
      const geo = asNode(coord.geo);
      const epsg = epsgFromSrsName(asText(geo.srs));
      const x = ovcNumber(geo.xcen);
      const y = ovcNumber(geo.ycen);
      if (epsg === undefined || !isSupportedEpsg(epsg) || !Number.isFinite(x) || !Number.isFinite(y)) {
        throw unavailable(`${RCCOOR_SOURCE} sent a point it did not locate (srs '${asText(geo.srs)}'); retry later.`);
      }
      return { ref14: asText(pc.pc1) + asText(pc.pc2), point: toWgs84(epsg, x, y), direccion: asText(coord.ldt) };
    })
    .filter((m) => m.ref14.length === 14);
  if (matches.length === 0) throw notFound(`${subject} has no cadastral parcel.`);
  return matches;
}
