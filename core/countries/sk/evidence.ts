import { type CountryEvidence, NOMINATIM_ADDRESSES } from '../evidence.js';

const GEOSERVER_JSON_BY_HAND =
  'GeoServer WFS GeoJSON written by hand with the properties public clients read of this WFS (nationalCadastralReference, label, areaValue as {@uom, value}); one square parcel per register';

/** What the tests prove of SK against its real service (core/countries/evidence.ts; docs/coverage.md is written from it). */
export const SK_EVIDENCE: CountryEvidence = {
  source: 'ÚGKK INSPIRE CP WFS (GeoServer GeoJSON; CQL filter on nationalCadastralReference; register C `cp`, register E `cp_uo`); Nominatim for addresses',
  capabilities: {
    byReference: { level: 'documented', fake: 'core/countries/sk/test/fake.ts (/sk-wfs register C, /sk-uo-wfs register E)', basis: GEOSERVER_JSON_BY_HAND },
    byCoordinates: { level: 'documented', fake: 'core/countries/sk/test/fake.ts (/sk-wfs, BBOX)', basis: GEOSERVER_JSON_BY_HAND },
    byAddress: NOMINATIM_ADDRESSES,
  },
  check: { ref: '804959_2158/2.C', address: 'Obchodná 12, Bratislava' },
  references: [
    { ref: '804959_2158/2.C', from: 'SOURCES.md 15 (ÚGKK nationalCadastralReference; no recording)' },
    { ref: '804959_503.E', from: 'SOURCES.md 15 (register E; no recording)' },
    { ref: '800473_1616/1.C', from: "a Python client's test list of ÚGKK references (Badín; code index, repository not shown; no recording)" },
  ],
  knownNotWorking: [
    "Nothing of ÚGKK's WFS was recorded (the one Slovak recording found is of the ESKN ArcGIS map service): the answer's properties and the CQL filter follow public clients; one client reports the site's firewall refusing CQL_FILTER and some requests without a browser User-Agent, which would answer 503.",
    'A point is asked of register C (the map) only: a register E parcel is found by reference.',
  ],
};
