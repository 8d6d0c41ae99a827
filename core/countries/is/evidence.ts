import { type CountryEvidence, INSPIRE_CP_BY_HAND, NOMINATIM_ADDRESSES } from '../evidence.js';

/** What the tests prove of IS against its real service (core/countries/evidence.ts; docs/coverage.md is written from it). */
export const IS_EVIDENCE: CountryEvidence = {
  source: 'An INSPIRE CP WFS on Landmælingar Íslands\' GeoServer (ETRS89, FES filter); Nominatim for addresses',
  capabilities: {
    byReference: { level: 'documented', fake: 'test/fake-upstream/countries/inspire-sk-li-is-uk.ts (/is-wfs)', basis: INSPIRE_CP_BY_HAND },
    byCoordinates: { level: 'documented', fake: 'test/fake-upstream/countries/inspire-sk-li-is-uk.ts (/is-wfs, BBOX)', basis: INSPIRE_CP_BY_HAND },
    byAddress: NOMINATIM_ADDRESSES,
  },
  references: [
    { ref: '102345', from: 'core/countries/is/reference.ts (landnúmer form; no Icelandic reference is in SOURCES.md)' },
  ],
  knownNotWorking: [
    'Guessed service: no Icelandic service or reference appears in SOURCES.md; its URL and reference form are UNCERTAIN.',
  ],
};
