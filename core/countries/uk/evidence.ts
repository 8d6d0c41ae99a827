import { type CountryEvidence, INSPIRE_CP_BY_HAND, NOMINATIM_ADDRESSES } from '../evidence.js';

/** What the tests prove of UK against its real service (core/countries/evidence.ts; docs/coverage.md is written from it). */
export const UK_EVIDENCE: CountryEvidence = {
  source: 'Registers of Scotland INSPIRE CP WFS (ETRS89); Nominatim for addresses (Scotland only)',
  capabilities: {
    byCoordinates: { level: 'documented', fake: 'test/fake-upstream/countries/inspire-sk-li-is-uk.ts (/uk-wfs, BBOX)', basis: INSPIRE_CP_BY_HAND },
    byAddress: NOMINATIM_ADDRESSES,
  },
  references: [
    { ref: '5503317', from: 'test/fake-upstream/countries/inspire-sk-li-is-uk.ts (a made-up RoS INSPIRE id; none was seen)' },
  ],
  knownNotWorking: [
    'The WFS endpoint is unproven: SOURCES.md names only Registers of Scotland\'s view service host.',
    'Scotland only; England, Wales and Northern Ireland answer 422 (spec).',
  ],
};
