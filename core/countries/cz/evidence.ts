import { type CountryEvidence, INSPIRE_CP_BY_HAND } from '../evidence.js';

/** What the tests prove of CZ against its real service (core/countries/evidence.ts; docs/coverage.md is written from it). */
export const CZ_EVIDENCE: CountryEvidence = {
  source: 'ČÚZK INSPIRE CP WFS (stored query GetParcel, BBOX; EPSG:5514); ČÚZK RÚIAN geocoder (ArcGIS GeocodeSOE) for addresses',
  capabilities: {
    byReference: { level: 'documented', fake: 'core/countries/cz/test/fake.ts (/cz-wfs)', basis: INSPIRE_CP_BY_HAND },
    byCoordinates: { level: 'documented', fake: 'core/countries/cz/test/fake.ts (/cz-wfs, BBOX)', basis: INSPIRE_CP_BY_HAND },
    byAddress: {
      level: 'hand-written',
      fake: 'core/countries/cz/test/fake.ts (/cz-geocoder)',
      basis: 'ArcGIS find JSON with the names jlacko/RCzechia reads; one invented address',
    },
  },
  references: [
    { ref: '727024-542', from: 'SOURCES.md 15 (ČÚZK nationalCadastralReference; no recording)' },
    { ref: '727024-st.542', from: 'core/countries/cz/reference.ts (building parcel form; UNCERTAIN)' },
  ],
  knownNotWorking: [
    "Building parcels (`st.`) are asked of the stored query GetParcel as `st. <number>` (the map's label) and read back from the answer's label; how ČÚZK writes them in nationalCadastralReference was not found in any public client or recording: a building parcel the stored query does not find answers 404.",
    "Address search stays hand-written: no answer of ČÚZK's RÚIAN geocoder was recorded (searched the code index: clients ask GeocodeSOE `find`, as jlacko/RCzechia, or mostly `findAddressCandidates`, Esri's documented geocode operation; one Java client's classes were generated from a real findAddressCandidates answer, but the answer itself is not published).",
  ],
};
