import type { CountryEvidence } from '../evidence.js';

/** What the tests prove of DK against its real service (core/countries/evidence.ts; docs/coverage.md is written from it). */
export const DK_EVIDENCE: CountryEvidence = {
  source: 'Datafordeler GraphQL flexibleCurrent (MAT_Ejerlav, MAT_Jordstykke, MAT_Lodflade; DAR_Husnummer, DAR_Adressepunkt) with an API key',
  capabilities: {
    byReference: {
      level: 'documented',
      fake: 'core/countries/dk/test/fake.ts (/dk-datafordeler/flexibleCurrent/v1)',
      basis:
        "GraphQL answers written by hand to Datafordeler's documentation (confluence.sdfi.dk); field names as public clients and the real MAT download name them",
    },
    byCoordinates: {
      level: 'documented',
      fake: 'core/countries/dk/test/fake.ts (/dk-datafordeler/flexibleCurrent/v1 MAT_Lodflade)',
      basis: "As by reference; the geometry filter's input form UNCERTAIN",
    },
    byAddress: {
      level: 'documented',
      fake: 'core/countries/dk/test/fake.ts (/dk-datafordeler/flexibleCurrent/v1 DAR_Husnummer)',
      fixtures: ['core/countries/dk/test/recordings/dk_dawa_adresser_2183dc88_from_test.json'],
      basis: 'DAR answers written by hand to "DAR GraphQL"; the address values taken from the recorded DAWA address',
    },
  },
  extras: {
    municipality: { level: 'documented', fake: 'core/countries/dk/test/fake.ts (/dk-datafordeler/flexibleCurrent/v1)', basis: 'As by reference' },
  },
  check: { ref: '2000178-13', address: 'Mikkel Bryggers Gade 1, 1460 København K' },
  references: [
    { ref: '2000178-13', from: 'core/countries/dk/test/recordings/dk_dawa_adresser_2183dc88_from_test.json' },
    { ref: '2003052-26ci', from: 'core/countries/dk/test/recordings/dk_datafordeler_mat_totaludtraek_dagligt_json_v3_20200217050021.zip' },
    { ref: '240252-4gr', from: 'core/countries/dk/test/recordings/dk_datafordeler_mat_totaludtraek_dagligt_json_v3_20200217050021.zip' },
  ],
  knownNotWorking: [
    'DAWA closed on 17 August 2026: without CATASTRO_DK_DATAFORDELER_API_KEY (or a DAWA-compatible CATASTRO_DK_DAWA_URL) every DK lookup answers 503.',
    'No Datafordeler GraphQL answer was recorded: the request form follows the documentation and public clients (GraphQL over HTTP with `apiKey`, one root field, `virkningstid` on it, `where` filters, `{ crs, wkt }` geometry filters as a public DHM client writes them); the `in` operator and the field names MAT_Lodflade.geometri/jordstykkeLokalId remain UNCERTAIN (core/countries/README.md).',
    'The municipality comes from DAWA only: through Datafordeler a parcel answers without it (MAT_Jordstykke carries a kommuneLokalId code, but no table of municipality names is bundled).',
  ],
};
