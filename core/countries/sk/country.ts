import { countryRow } from '../national/country-row.js';
import { SK_EVIDENCE } from './evidence.js';
import { SlovakLiveSource } from './live-source.js';
import { SK_REFERENCE_HINT, SK_REFERENCE_SHAPE, parseSlovakReference } from './reference.js';

/**
 * Slovakia: ÚGKK's INSPIRE CP WFS, one workspace per register (live-source.ts); addresses by the
 * open geocoder (Slovakia has no free official address geocoder), in Slovak.
 */
export const slovakia = countryRow({
  code: 'SK',
  name: 'Slovakia',
  coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: false },
  bounds: [16.83, 47.73, 22.57, 49.61],
  outlineId: '703',
  statusPoint: [17.1077, 48.1486],
  attribution: 'Úrad geodézie, kartografie a katastra SR (ÚGKK SR) – INSPIRE Cadastral Parcels',
  sources: {
    /** ÚGKK INSPIRE Cadastral Parcels WFS (GeoServer), register C: the map, and every point (live-source.ts). */
    cpWfsUrl: { url: 'https://inspirews.skgeodesy.sk/geoserver/cp/ows', env: 'CATASTRO_SK_CP_WFS_URL' },
    /** The same WFS's register E workspace (`cp_uo`): references ending `.E`. */
    cpUoWfsUrl: { url: 'https://inspirews.skgeodesy.sk/geoserver/cp_uo/ows', env: 'CATASTRO_SK_CP_UO_WFS_URL' },
  },
  reference: { parse: parseSlovakReference, hint: SK_REFERENCE_HINT, shape: SK_REFERENCE_SHAPE },
  live: { kind: 'own', create: (urls) => new SlovakLiveSource({ C: urls.cpWfsUrl, E: urls.cpUoWfsUrl }) },
  address: { kind: 'nominatim', probe: 'Bratislava', language: 'sk' },
  evidence: SK_EVIDENCE,
});
