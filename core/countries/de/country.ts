import { countryRow, type SourceRow } from '../national/country-row.js';
import { DEFAULT_NOMINATIM_URL, nominatimStatusCheck } from '../national/nominatim.js';
import { germanAddressCandidates } from './address-search.js';
import { DE_EVIDENCE } from './evidence.js';
import { LANDER } from './lander.js';
import { GermanyLiveSource, landEnv, landOption } from './live-source.js';
import { DE_REFERENCE_HINT, DE_REFERENCE_SHAPE, isDetectedGermanReference, parseGermanReference } from './reference.js';

/** One source per Land's parcel service (lander.ts), and the geocoder. */
const DE_SOURCES: Readonly<Record<string, SourceRow>> = {
  ...Object.fromEntries(LANDER.flatMap((l) => (l.service ? [[landOption(l), { url: l.service.url, env: landEnv(l) }]] : []))),
  geocoderUrl: { url: DEFAULT_NOMINATIM_URL, env: 'CATASTRO_DE_GEOCODER_URL' },
};

/**
 * Germany (spec: 15 of 16 Länder, no Bavaria; Flurstückskennzeichen; municipality and Land):
 * each Land's own parcel service (lander.ts, live-source.ts), address search through the open
 * geocoder (Germany has no free national address register), never in Bavaria. Detection: the
 * 20-character Kennzeichen, the written form and 14 bare digits (other stripped forms need ?country=DE).
 */
export const germany = countryRow({
  code: 'DE',
  name: 'Germany',
  coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: true },
  coverageNotes: { byAddress: 'Not in Bavaria.' },
  bounds: [5.86, 47.27, 15.05, 55.06],
  outlineId: '276',
  statusPoint: [9.732, 52.3759],
  attribution:
    'Liegenschaftskataster (ALKIS) der Länder, © Vermessungsverwaltungen der Länder – Datenlizenz Deutschland (Zero / Namensnennung 2.0) bzw. CC BY 4.0 je Land',
  sources: DE_SOURCES,
  reference: { parse: (raw) => parseGermanReference(raw), hint: DE_REFERENCE_HINT, shape: DE_REFERENCE_SHAPE, detect: isDetectedGermanReference },
  live: { kind: 'own', create: (urls) => new GermanyLiveSource(urls) },
  address: {
    kind: 'own',
    search: germanAddressCandidates,
    statusChecks: (urls) => [nominatimStatusCheck(urls.geocoderUrl, 'DE', 'Berlin')],
  },
  crs: [4258, 25832, 25833],
  evidence: DE_EVIDENCE,
});
