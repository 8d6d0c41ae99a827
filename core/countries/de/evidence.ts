import { type CountryEvidence, NOMINATIM_ADDRESSES } from '../evidence.js';

/** What the tests prove of DE against its real service (core/countries/evidence.ts; docs/coverage.md is written from it). */
export const DE_EVIDENCE: CountryEvidence = {
  source: "Each Land's ALKIS / INSPIRE CP WFS or GeoJSON service (lander.ts); Nominatim for addresses",
  capabilities: {
    byReference: {
      level: 'documented',
      fake: 'core/countries/de/test/fake.ts (/de-ni, /de-bw, /de-sn, /de-be, /de-nw)',
      basis:
        'INSPIRE CP GML (Niedersachsen, Baden-Württemberg, Sachsen), GeoServer GeoJSON (Berlin) and the AdV simplified ALKIS GML (Nordrhein-Westfalen) written by hand, each Kennzeichen held in the form SOURCES.md 15 saw that Land write (Berlin 18 characters, BW and SN `0`-filled) and matched only in that form; the other Länder answer empty',
    },
    byCoordinates: {
      level: 'documented',
      fake: 'core/countries/de/test/fake.ts (/de-ni, /de-bw, /de-sn, /de-be, /de-nw)',
      basis: 'As by reference',
    },
    byAddress: NOMINATIM_ADDRESSES,
  },
  extras: {
    'municipality, Land': {
      level: 'documented',
      fake: 'core/countries/de/test/fake.ts (/de-nw, /de-ni)',
      basis: "The Land from the Kennzeichen's prefix; the municipality as the hand-written answers carry it",
    },
  },
  check: { ref: '05111200100123______', address: 'Pariser Platz 1, Berlin' },
  references: [
    { ref: '15185500301190______', from: 'SOURCES.md 5 (ALKIS Flurstückskennzeichen example; no recording)' },
    { ref: '08146000000006000000', from: 'SOURCES.md 15 (no recording)' },
    { ref: '140208___02523001200', from: 'SOURCES.md 15, Sachsen without Flur (no recording)' },
    {
      ref: '05111200100123______',
      from: 'core/countries/de/test/fake.ts (made up: Düsseldorf in the AdV simplified ALKIS form; none was recorded)',
    },
  ],
  knownNotWorking: [
    "By reference the Länder are asked every form their Kennzeichen is seen written in (`_`-filled, stripped, `0`-filled as Baden-Württemberg, Flur `___` with a `0`-filled Folge as Sachsen, Berlin's 18 characters): no Land's answer to an attribute filter was ever recorded, and one public client (plot-finder) refuses German lookups by reference for that reason; a Land that ignores the filter answers 404.",
    'No municipality from the nine INSPIRE Länder (Schleswig-Holstein, Niedersachsen, Hessen, Baden-Württemberg, Saarland, Brandenburg, Mecklenburg-Vorpommern, Sachsen, Sachsen-Anhalt): the INSPIRE parcel carries none, so their parcels answer with the Land only.',
    'Bavaria publishes no parcels: no address search there (spec).',
    '10 of the 15 Länder services are played by empty answers only.',
  ],
};
