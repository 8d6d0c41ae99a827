import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../../core/countries/registry.js';
import { CHECK_PARCELS } from '../../../core/status/check-parcels.js';
import { AREA_TOLERANCE, CENTRE_TOLERANCE_M, keyFieldDifferences } from '../../../core/status/lookup-comparison.js';

const known = { ref: '9398516VK3799G', areaM2: 1536, centre: [-3.716576, 40.465448] as [number, number], municipality: 'MADRID' };

describe('the key fields of a live answer against the known one', () => {
  it("match within the tolerances, whatever the municipality's case and accents", () => {
    const area = known.areaM2 * (1 + AREA_TOLERANCE.relative * 0.9);
    // 0.0002° of latitude is about 22 m: inside the 25 m.
    expect(
      keyFieldDifferences(known, { ref: '9398516vk3799g', areaM2: area, centre: [known.centre[0], known.centre[1] + 0.0002], municipality: 'Madrid' }),
    ).toEqual([]);
    expect(keyFieldDifferences({ ref: 'X', municipality: 'Saint-Viâtre' }, { ref: 'X', municipality: 'SAINT VIATRE' })).toEqual([]);
  });

  it('name each field that differs beyond its tolerance', () => {
    const differences = keyFieldDifferences(known, {
      ref: '9398516VK3799H',
      areaM2: known.areaM2 * (1 + AREA_TOLERANCE.relative * 1.5),
      centre: [known.centre[0], known.centre[1] + 0.0004],
      municipality: 'GETAFE',
    });
    expect(differences).toHaveLength(4);
    expect(differences[0]).toBe('reference 9398516VK3799H, expected 9398516VK3799G');
    expect(differences[1]).toMatch(/^area 1582\.08 m², expected 1536 m² \(±30\.72\)$/);
    expect(differences[2]).toMatch(new RegExp(`^centre 4\\d m from the recorded one \\(±${CENTRE_TOLERANCE_M} m\\)$`));
    expect(differences[3]).toBe('municipality GETAFE, expected MADRID');
  });

  it('a field the answer lacks (a renamed attribute) differs; a field the known answer lacks is not compared', () => {
    expect(keyFieldDifferences(known, { ref: known.ref })).toEqual(['no area, expected 1536 m²', 'no centre', 'municipality missing, expected MADRID']);
    expect(keyFieldDifferences({ ref: 'A' }, { ref: 'A', areaM2: 5, centre: [0, 0], municipality: 'Anywhere' })).toEqual([]);
    // Small parcels keep at least 1 m² of tolerance.
    expect(keyFieldDifferences({ ref: 'A', areaM2: 4.31 }, { ref: 'A', areaM2: 5.2 })).toEqual([]);
  });
});

describe('the check parcels', () => {
  it("are each one of its country's evidence references, for every country of the registry", () => {
    for (const country of COUNTRIES) {
      const parcel = CHECK_PARCELS[country.code];
      expect(parcel, country.code).toBeDefined();
      expect(
        country.evidence.references.map((r) => r.ref),
        country.code,
      ).toContain(parcel.ref);
    }
  });

  it('hold recorded key fields only where the lookup by reference was recorded', () => {
    for (const country of COUNTRIES) {
      if (CHECK_PARCELS[country.code].recorded) expect(country.evidence.capabilities.byReference?.level, country.code).toBe('recorded');
    }
  });
});
