import { countryRow } from '../national/country-row.js';
import { polishAddressCandidates } from './address-search.js';
import { PL_EVIDENCE } from './evidence.js';
import { PolandLiveSource } from './live-source.js';
import { PL_REFERENCE_HINT, PL_REFERENCE_SHAPE, parsePolishParcelName, parsePolishReference } from './reference.js';

/**
 * Poland: GUGiK's ULDK by parcel id (GetParcelById), by point (GetParcelByXY, EPSG:2180) and,
 * under `country=PL`, by precinct name and number (GetParcelByIdOrNr); EGiB GML county exports
 * in bulk (egib-gml.ts). Addresses through GUGiK's UUG geocoder over the national address
 * register (uug.ts), each becoming the ULDK parcel under its point.
 */
export const poland = countryRow({
  code: 'PL',
  name: 'Poland',
  coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: false },
  bounds: [14.07, 48.99, 24.15, 55.0],
  outlineId: '616',
  attribution: 'Główny Urząd Geodezji i Kartografii (GUGiK), ULDK – ewidencja gruntów i budynków',
  sources: {
    /** GUGiK ULDK (Usługa Lokalizacji Działek Katastralnych): `<base>/?request=…`. */
    uldkUrl: { url: 'https://uldk.gugik.gov.pl', env: 'CATASTRO_PL_ULDK_URL' },
    /** GUGiK UUG geocoding over the national address register (PRG): `<base>/?request=GetAddress&address=…`. */
    uugUrl: { url: 'https://services.gugik.gov.pl/uug', env: 'CATASTRO_PL_UUG_URL' },
  },
  reference: {
    parse: parsePolishReference,
    hint: PL_REFERENCE_HINT,
    shape: PL_REFERENCE_SHAPE,
    byName: { parse: parsePolishParcelName, adjective: 'Polish' },
  },
  live: { kind: 'own', create: (urls) => new PolandLiveSource(urls) },
  address: { kind: 'own', search: polishAddressCandidates },
  crs: [2180, 2176, 2177, 2178, 2179],
  evidence: PL_EVIDENCE,
});
