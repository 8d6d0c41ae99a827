import { countryRow } from '../national/country-row.js';
import { EE_EVIDENCE } from './evidence.js';
import { EE_REFERENCE_HINT, EE_REFERENCE_SHAPE, parseEstonianReference } from './reference.js';

/**
 * Estonia: the INSPIRE CP WFS of the Land Board (GeoServer, type `CP_katastriyksused:CP.CadastralParcel`,
 * SOURCES.md 15) asked for GeoJSON in WGS84; one parcel by `nationalcadastralreference` (the
 * client code's CQL filter), the parcel at a point from a small box. No answer of it was recorded:
 * the attribute names read (nationalcadastralreference, areavalue) are the filter's and the INSPIRE
 * model's, lower-cased as GeoServer publishes them (UNCERTAIN).
 */
export const estonia = countryRow({
  code: 'EE',
  name: 'Estonia',
  coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: false },
  bounds: [21.7, 57.5, 28.3, 59.8],
  outlineId: '233',
  statusPoint: [24.7453, 59.4372],
  attribution: 'Maa- ja Ruumiamet (Estonian Land and Spatial Development Board) – katastriüksused, INSPIRE Cadastral Parcels',
  sources: {
    /** Maa- ja Ruumiamet INSPIRE Cadastral Parcels WFS (GeoServer). */
    cpWfsUrl: { url: 'https://inspire.geoportaal.ee/geoserver/wfs', env: 'CATASTRO_EE_CP_WFS_URL' },
  },
  reference: { parse: parseEstonianReference, hint: EE_REFERENCE_HINT, shape: EE_REFERENCE_SHAPE },
  live: {
    kind: 'geoserver',
    url: 'cpWfsUrl',
    source: 'Maa-amet INSPIRE CP WFS',
    typeName: 'CP_katastriyksused:CP.CadastralParcel',
    referenceField: 'nationalcadastralreference',
    areaField: 'areavalue',
  },
  address: { kind: 'nominatim', probe: 'Tallinn' },
  evidence: EE_EVIDENCE,
});
