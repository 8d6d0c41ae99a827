import { countryRow } from '../national/country-row.js';
import { luxembourgAddressCandidates } from './address-search.js';
import { LU_EVIDENCE } from './evidence.js';
import { LuxembourgLiveSource } from './live-source.js';
import { LU_REFERENCE_HINT, LU_REFERENCE_SHAPE, parseLuxembourgReference } from './reference.js';

/**
 * Luxembourg: parcels from ACT's INSPIRE CP WFS as GeoJSON (by reference, by point), addresses
 * from the geoportail.lu geocoder, each address's parcel the one under its point.
 */
export const luxembourg = countryRow({
  code: 'LU',
  name: 'Luxembourg',
  coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: false },
  bounds: [5.73, 49.44, 6.53, 50.19],
  outlineId: '442',
  statusPoint: [6.1296, 49.6116],
  /** The parcels dataset is CC0 (its GetCapabilities); the credit is still given. */
  attribution: 'Administration du cadastre et de la topographie (ACT), Luxembourg – INSPIRE Cadastral Parcels (CC0)',
  sources: {
    /** ACT's INSPIRE Cadastral Parcels WFS (GeoServer), asked for GeoJSON. */
    cpWfsUrl: { url: 'https://wms.inspire.geoportail.lu/geoserver/wfs', env: 'CATASTRO_LU_CP_WFS_URL' },
    /** geoportail.lu geocoder: `<base>/search?queryString=`, `<base>/reverseGeocode?lat=&lon=`. */
    geocoderUrl: { url: 'https://api.geoportail.lu/geocoder', env: 'CATASTRO_LU_GEOCODER_URL' },
  },
  reference: { parse: parseLuxembourgReference, hint: LU_REFERENCE_HINT, shape: LU_REFERENCE_SHAPE },
  live: { kind: 'own', create: (urls) => new LuxembourgLiveSource(urls) },
  address: { kind: 'own', search: luxembourgAddressCandidates },
  evidence: LU_EVIDENCE,
});
