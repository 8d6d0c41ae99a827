import { countryRow } from '../national/country-row.js';
import { textOf } from '../national/geojson-source.js';
import { cqlText, propertyOf } from '../national/geoserver-wfs.js';
import { SI_EVIDENCE } from './evidence.js';
import { SI_REFERENCE_HINT, SI_REFERENCE_SHAPE, parseSlovenianReference, slovenianReferenceOf, splitSlovenianReference } from './reference.js';

/**
 * Slovenia: GURS's land cadastre WFS (GeoServer, `SI.GURS.KN:PARCELE`, not INSPIRE; SOURCES.md 15)
 * asked for GeoJSON in WGS84 (the service's own CRS is EPSG:3794); one parcel by cadastral
 * community and parcel number (`KO_ID`, `ST_PARCELE`, the client code's CQL filter), the parcel at
 * a point from a small box. No answer of it was recorded: only KO_ID and ST_PARCELE are read
 * (the area is computed from the outline).
 */
export const slovenia = countryRow({
  code: 'SI',
  name: 'Slovenia',
  coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: false },
  bounds: [13.37, 45.42, 16.61, 46.88],
  outlineId: '705',
  statusPoint: [14.5058, 46.0569],
  attribution: 'Geodetska uprava Republike Slovenije (GURS) – zemljiški kataster',
  sources: {
    /** GURS land cadastre WFS (GeoServer, `SI.GURS.KN:PARCELE`). */
    cpWfsUrl: { url: 'https://ipi.eprostor.gov.si/wfs-si-gurs-kn/ows', env: 'CATASTRO_SI_CP_WFS_URL' },
  },
  reference: { parse: parseSlovenianReference, hint: SI_REFERENCE_HINT, shape: SI_REFERENCE_SHAPE },
  live: {
    kind: 'geoserver',
    url: 'cpWfsUrl',
    source: 'GURS land cadastre WFS',
    typeName: 'SI.GURS.KN:PARCELE',
    cqlOf: (ref) => {
      const { ko, parcel } = splitSlovenianReference(ref);
      return `KO_ID=${ko} AND ST_PARCELE=${cqlText(parcel)}`;
    },
    referenceOf: (p) => slovenianReferenceOf(textOf(propertyOf(p, 'KO_ID')), textOf(propertyOf(p, 'ST_PARCELE'))),
  },
  address: { kind: 'nominatim', probe: 'Ljubljana' },
  evidence: SI_EVIDENCE,
});
