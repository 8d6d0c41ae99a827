import type { CountryEvidence } from '../evidence.js';

/** What the tests prove of NL against its real service (core/countries/evidence.ts; docs/coverage.md is written from it). */
export const NL_EVIDENCE: CountryEvidence = {
  source: 'PDOK BRK Kadastrale Kaart OGC API Features; PDOK Locatieserver v3.1 for addresses',
  capabilities: {
    byReference: {
      level: 'documented',
      fake: 'core/countries/nl/test/fake.ts (/nl-brk)',
      fixtures: ['core/countries/nl/test/recordings/nl_kadaster_dkk_v5_kadastralekaart_perceel_otterlo.gml'],
      basis:
        'No OGC API answer was recorded: OGC API Features GeoJSON written by hand from the REAL Kadastrale Kaart extract of Otterlo; property names UNCERTAIN',
    },
    byCoordinates: {
      level: 'documented',
      fake: 'core/countries/nl/test/fake.ts (/nl-brk?bbox=)',
      fixtures: ['core/countries/nl/test/recordings/nl_kadaster_dkk_v5_kadastralekaart_perceel_otterlo.gml'],
      basis: 'As by reference',
    },
    byAddress: {
      level: 'recorded',
      fake: 'core/countries/nl/test/fake.ts (/nl-ls)',
      fixtures: ['core/countries/nl/test/recordings/nl_pdok_locatieserver_free_nieuwezijds_voorburgwal_147.json'],
    },
  },
  extras: {
    municipality: { level: 'documented', fake: 'core/countries/nl/test/fake.ts (/nl-brk)', basis: 'As by reference' },
  },
  check: { ref: 'ASD04-F-2749', address: 'Nieuwezijds Voorburgwal 147 Amsterdam' },
  references: [
    { ref: 'ASD04-F-2749', from: 'core/countries/nl/test/recordings/nl_pdok_locatieserver_free_nieuwezijds_voorburgwal_147.json' },
    { ref: 'UTT00-R-364', from: 'core/countries/nl/test/recordings/nl_pdok_locatieserver_lookup_schema_sample.json' },
  ],
  knownNotWorking: [
    "By reference the OGC API collection `perceel` is filtered on `akr_kadastrale_gemeente_code_waarde`, `sectie` and `perceelnummer` (the names public client code filters on; the real Kadastrale Kaart GML of Otterlo names them kadastraleGemeente/sectie/perceelnummer): no recorded OGC API answer proves those query parameters. An OGC API server ignoring an unknown parameter would answer the collection's first parcels, which are then rejected unless their reference is the one asked (404).",
  ],
};
