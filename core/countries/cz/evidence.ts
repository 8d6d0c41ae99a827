import { type CountryEvidence, INSPIRE_CP_BY_HAND } from '../evidence.js';

/** What the tests prove of CZ against its real service (core/countries/evidence.ts; docs/coverage.md is written from it). */
export const CZ_EVIDENCE: CountryEvidence = {
  source: 'ČÚZK INSPIRE CP WFS (stored query GetParcel, BBOX; EPSG:5514); ČÚZK RÚIAN geocoder (ArcGIS GeocodeSOE) for addresses',
  capabilities: {
    byReference: { level: 'documented', fake: 'core/countries/cz/test/fake.ts (/cz-wfs)', basis: INSPIRE_CP_BY_HAND },
    byCoordinates: { level: 'documented', fake: 'core/countries/cz/test/fake.ts (/cz-wfs, BBOX)', basis: INSPIRE_CP_BY_HAND },
    byAddress: {
      level: 'documented',
      fake: 'core/countries/cz/test/fake.ts (/cz-geocoder/findAddressCandidates)',
      basis:
        "Esri's published FindAddressCandidatesResults (developers.arcgis.com/rest/geocode/response-types) with the attributes public clients of this service read (Type AdresniMisto, Match_addr, Score); one invented address and its street",
    },
  },
  check: { ref: '727024-542', address: 'Karlova 5, Praha' },
  references: [
    { ref: '727024-542', from: 'SOURCES.md 15 (ČÚZK nationalCadastralReference; no recording)' },
    { ref: '727024-st.542', from: 'core/countries/cz/reference.ts (building parcel form; UNCERTAIN)' },
  ],
  knownNotWorking: [
    "Building parcels (`st.`) are asked of the stored query GetParcel as `st. <number>` (the map's label) and read back from the answer's label; how ČÚZK writes them in nationalCadastralReference was not found in any public client or recording: a building parcel the stored query does not find answers 404.",
    "Address search: no answer of ČÚZK's RÚIAN geocoder was recorded (searched the code index and issue threads for GeocodeSOE answers, `AdresniMisto` candidates and clients' fixtures: clients ask GeocodeSOE `find`, as jlacko/RCzechia, or mostly `findAddressCandidates`; the only answers pasted in public tests are cut-down `suggest` and layer `query` answers). The geocoder is asked `findAddressCandidates`, Esri's documented operation, and its answer read to Esri's published schema with the `Type` and `Match_addr` attributes clients read (a Python client's models of this service's answer name the same fields); that this extension fills `address` and `location` exactly as Esri's geocoder does is UNCERTAIN.",
  ],
};
