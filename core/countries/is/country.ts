import { inspireProfile } from '../inspire/etrs89-profile.js';
import { countryRow } from '../national/country-row.js';
import { IS_EVIDENCE } from './evidence.js';
import { IS_REFERENCE_HINT, IS_REFERENCE_SHAPE, parseIcelandicReference } from './reference.js';

/** Iceland: an INSPIRE CP WFS asked as the INSPIRE guidance publishes it (ETRS89); addresses by the open geocoder in Icelandic. */
export const iceland = countryRow({
  code: 'IS',
  name: 'Iceland',
  coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: false },
  bounds: [-24.6, 63.2, -13.4, 66.6],
  outlineId: '352',
  statusPoint: [-21.9426, 64.1466],
  attribution: 'Húsnæðis- og mannvirkjastofnun / Landmælingar Íslands – landeignaskrá (INSPIRE Cadastral Parcels)',
  sources: {
    /** Iceland's INSPIRE Cadastral Parcels WFS (UNCERTAIN: not in SOURCES.md; Landmælingar Íslands' GeoServer). */
    cpWfsUrl: { url: 'https://gis.lmi.is/geoserver/wfs', env: 'CATASTRO_IS_CP_WFS_URL' },
  },
  reference: { parse: parseIcelandicReference, hint: IS_REFERENCE_HINT, shape: IS_REFERENCE_SHAPE },
  live: { kind: 'inspire-wfs', url: 'cpWfsUrl', profile: inspireProfile('IS', 'Iceland INSPIRE CP WFS', parseIcelandicReference), byPointOnlyHint: '' },
  address: { kind: 'nominatim', probe: 'Reykjavík', language: 'is' },
  crs: [4258],
  evidence: IS_EVIDENCE,
});
