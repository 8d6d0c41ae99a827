import type { CountryEvidence } from '../evidence.js';

/** What the tests prove of FR against its real service (core/countries/evidence.ts; docs/coverage.md is written from it). */
export const FR_EVIDENCE: CountryEvidence = {
  source:
    'IGN API Carto cadastre (/api/cadastre/parcelle, GeoJSON); the BAN geocoder on the Géoplateforme (/geocodage/search, /geocodage/reverse); IGN BD TOPO batiment on the Géoplateforme WFS',
  capabilities: {
    byReference: {
      level: 'recorded',
      fake: 'core/countries/fr/test/fake.ts (/fr-apicarto/parcelle?code_insee&section&numero)',
      fixtures: [
        'core/countries/fr/test/recordings/fr_apicarto_cadastre_parcelle_29158000AW0001.json',
        'core/countries/fr/test/recordings/fr_apicarto_cadastre_parcelle_412310000A0075.json',
      ],
      basis: 'The recordings filtered as the service filters; other parcels answer an empty collection written by hand',
    },
    byCoordinates: {
      level: 'recorded',
      fake: 'core/countries/fr/test/fake.ts (/fr-apicarto/parcelle?geom=)',
      fixtures: [
        'core/countries/fr/test/recordings/fr_apicarto_cadastre_parcelle_29158000AW0001.json',
        'core/countries/fr/test/recordings/fr_apicarto_cadastre_parcelle_412310000A0075.json',
      ],
    },
    byAddress: {
      level: 'recorded',
      fake: 'core/countries/fr/test/fake.ts (/fr-geocodage/search, /reverse)',
      fixtures: [
        'core/countries/fr/test/recordings/fr_geopf_geocodage_search_3_rue_de_l_ecole_13.json',
        'core/countries/fr/test/recordings/fr_geopf_geocodage_reverse_metz_rue_haute_pierre.json',
      ],
      basis: 'Géoplateforme geocoder recordings; the two parcels under the recorded addresses are invented (no API Carto answer there was recorded)',
    },
  },
  extras: {
    'use, built area, year, dwellings, floors': {
      level: 'documented',
      fake: 'core/countries/fr/test/fake.ts (/fr-bdtopo)',
      basis:
        "IGN's published schema (BD TOPO Version 3 Descriptif de contenu, §8.2 BATIMENT: the 28 attributes under their PostgreSQL names, which the WFS serves), GeoServer's WFS GeoJSON (3D MultiPolygon, geometry_name geometrie); the buildings invented",
    },
  },
  check: {
    ref: '29158000AW0001',
    recorded: {
      areaM2: 1968,
      centre: [-4.365777, 47.805383],
      municipality: 'Penmarch',
      from: 'core/countries/fr/test/recordings/fr_apicarto_cadastre_parcelle_29158000AW0001.json (contenance, outline, nom_com)',
    },
    address: "3 rue de l'école 13",
  },
  references: [
    { ref: '29158000AW0001', from: 'core/countries/fr/test/recordings/fr_apicarto_cadastre_parcelle_29158000AW0001.json' },
    { ref: '412310000A0075', from: 'core/countries/fr/test/recordings/fr_apicarto_cadastre_parcelle_412310000A0075.json' },
    { ref: '91216000AC0389', from: 'countries/fr_etalab_cadastre_parcelles_91216.json.gz' },
  ],
  knownNotWorking: [
    "Building facts (BD TOPO) were never recorded whole: the fake follows IGN's schema; the box order (lon,lat with EPSG:4326) is what a public client reports measured on the live service, and a 3D feature pasted from a real answer (Lyon, batiment.18362875) has the same attributes. A building whose floor count BD TOPO leaves at 0 (unknown) leaves the parcel's built area out.",
  ],
};
