import { type CountryEvidence, INSPIRE_CP_BY_HAND, NOMINATIM_ADDRESSES } from '../evidence.js';

/** What the tests prove of IS against its real service (core/countries/evidence.ts; docs/coverage.md is written from it). */
export const IS_EVIDENCE: CountryEvidence = {
  source:
    'No public parcel service found: an INSPIRE CP WFS only where CATASTRO_IS_CP_WFS_URL names one (ETRS89, FES filter), else 422; Nominatim for addresses',
  capabilities: {
    byReference: { level: 'documented', fake: 'core/countries/is/test/fake.ts (/is-wfs)', basis: INSPIRE_CP_BY_HAND },
    byCoordinates: { level: 'documented', fake: 'core/countries/is/test/fake.ts (/is-wfs, BBOX)', basis: INSPIRE_CP_BY_HAND },
    byAddress: NOMINATIM_ADDRESSES,
  },
  check: { ref: '102345', address: 'Laugavegur 1, Reykjavík' },
  references: [{ ref: '102345', from: 'core/countries/is/reference.ts (landnúmer form; no Icelandic reference is in SOURCES.md)' }],
  knownNotWorking: [
    "No public service publishing Iceland's land parcels was found (searched: SOURCES.md, the code index for landeignaskrá/landnúmer clients: only flother/landnr's address-register extract and an HMS property-search GraphQL behind a web app): by reference and by coordinates answer 422 CNV_COVERAGE saying so, and ask nothing, unless CATASTRO_IS_CP_WFS_URL names an INSPIRE CP WFS. The landnúmer is the parcel id (flother/landnr README: a unique id per plot of land); its use as nationalCadastralReference is UNCERTAIN.",
  ],
};
