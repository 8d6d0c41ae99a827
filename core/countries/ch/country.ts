import { countryRow } from '../national/country-row.js';
import { swissAddressCandidates } from './address-search.js';
import { CH_EVIDENCE } from './evidence.js';
import { SwitzerlandLiveSource } from './live-source.js';
import { CH_REFERENCE_HINT, CH_REFERENCE_SHAPE, parseSwissReference } from './reference.js';

/** Switzerland: the cantons' parcels through geo.admin.ch (live-source.ts), addresses from the federal directory. */
export const switzerland = countryRow({
  code: 'CH',
  name: 'Switzerland',
  coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: false },
  coverageNotes: { byCoordinates: 'Except cantons that publish no parcels.' },
  bounds: [5.95, 45.81, 10.5, 47.81],
  outlineId: '756',
  statusPoint: [7.444, 46.9466],
  attribution: 'Amtliche Vermessung der Kantone, via geo.admin.ch (swisstopo; FSDI terms of use)',
  sources: {
    /** geo.admin.ch REST `MapServer` (find, identify). */
    mapServerUrl: { url: 'https://api3.geo.admin.ch/rest/services/api/MapServer', env: 'CATASTRO_CH_MAPSERVER_URL' },
    /** geo.admin.ch `SearchServer` (the federal building address directory). */
    searchServerUrl: { url: 'https://api3.geo.admin.ch/rest/services/api/SearchServer', env: 'CATASTRO_CH_SEARCHSERVER_URL' },
  },
  reference: { parse: parseSwissReference, hint: CH_REFERENCE_HINT, shape: CH_REFERENCE_SHAPE },
  live: { kind: 'own', create: (urls) => new SwitzerlandLiveSource(urls) },
  address: { kind: 'own', search: swissAddressCandidates },
  evidence: CH_EVIDENCE,
});
