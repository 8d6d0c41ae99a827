import { type CountryEvidence, NOMINATIM_ADDRESSES } from '../evidence.js';

/** What the tests prove of DE against its real service (core/countries/evidence.ts; docs/coverage.md is written from it). */
export const DE_EVIDENCE: CountryEvidence = {
  source: 'Each Land\'s ALKIS / INSPIRE CP WFS or GeoJSON service (lander.ts); Nominatim for addresses',
  capabilities: {
    byReference: { level: 'documented', fake: 'test/fake-upstream/countries/germany-finland.ts (/de-ni, /de-be, /de-nw)', basis: 'INSPIRE CP GML (Niedersachsen), GeoServer GeoJSON (Berlin) and the AdV simplified ALKIS GML (Nordrhein-Westfalen) written by hand; the other Länder answer empty' },
    byCoordinates: { level: 'documented', fake: 'test/fake-upstream/countries/germany-finland.ts (/de-ni, /de-be, /de-nw)', basis: 'As by reference' },
    byAddress: NOMINATIM_ADDRESSES,
  },
  extras: {
    'municipality, Land': { level: 'documented', fake: 'test/fake-upstream/countries/germany-finland.ts (/de-nw, /de-ni)', basis: 'The Land from the Kennzeichen\'s prefix; the municipality as the hand-written answers carry it' },
  },
  references: [
    { ref: '15185500301190______', from: 'SOURCES.md 5 (ALKIS Flurstückskennzeichen example; no recording)' },
    { ref: '08146000000006000000', from: 'SOURCES.md 15 (no recording)' },
    { ref: '140208___02523001200', from: 'SOURCES.md 15, Sachsen without Flur (no recording)' },
  ],
  knownNotWorking: [
    'Berlin, Saxony and Baden-Württemberg: how their services pad the Kennzeichen (`_`, `0`, stripped) is unproven.',
    'Bavaria publishes no parcels: no address search there (spec).',
    '13 of the 15 Länder services are played by empty answers only.',
  ],
};
