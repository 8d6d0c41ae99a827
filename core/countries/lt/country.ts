import { countryRow } from '../national/country-row.js';
import { LT_EVIDENCE } from './evidence.js';
import { LT_REFERENCE_HINT, LT_REFERENCE_SHAPE, parseLithuanianReference } from './reference.js';

/**
 * Lithuania: the INSPIRE CP WFS of the Lithuanian geoportal (GeoServer, `cp:CP.CadastralParcel`,
 * SOURCES.md 15) asked for GeoJSON in WGS84; one parcel by its kadastro Nr in `label` (the client
 * code's CQL filter), the parcel at a point from a small box. No answer of it was recorded: the
 * attributes read (label, areavalue) are the filter's and the INSPIRE model's (UNCERTAIN).
 */
export const lithuania = countryRow({
  code: 'LT',
  name: 'Lithuania',
  coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: false },
  bounds: [20.9, 53.85, 26.9, 56.5],
  outlineId: '440',
  statusPoint: [25.2797, 54.6872],
  attribution: 'Nacionalinė žemės tarnyba / VĮ Registrų centras – Nekilnojamojo turto kadastras, INSPIRE Cadastral Parcels',
  sources: {
    /** Lithuanian INSPIRE Cadastral Parcels WFS (GeoServer). */
    cpWfsUrl: { url: 'https://www.inspire-geoportal.lt/geoserver/cp/wfs', env: 'CATASTRO_LT_CP_WFS_URL' },
  },
  reference: { parse: parseLithuanianReference, hint: LT_REFERENCE_HINT, shape: LT_REFERENCE_SHAPE },
  live: {
    kind: 'geoserver',
    url: 'cpWfsUrl',
    source: 'Lithuania INSPIRE CP WFS',
    typeName: 'cp:CP.CadastralParcel',
    referenceField: 'label',
    areaField: 'areavalue',
  },
  address: { kind: 'nominatim', probe: 'Vilnius' },
  evidence: LT_EVIDENCE,
});
