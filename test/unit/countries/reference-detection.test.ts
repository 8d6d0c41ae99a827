import { describe, expect, it } from 'vitest';
import { CountryRegistry } from '../../../core/countries/registry.js';
import { listZipEntries, readZipEntryText } from '../../../core/formats/zip-archive.js';
import { isServiceError } from '../../../core/model/index.js';
import { countryFixture } from '../../fake-upstream/countries/fake-server.js';
import { allMatches, readCountryFixture, referenceExamples } from '../../helpers/reference-examples.js';

describe('reference detection over real examples of every country', () => {
  const registry = CountryRegistry.create();

  it('never claims Latvian bare digits (spec: they need ?country=LV), which LV reads when asked', () => {
    expect(() => registry.forReference('01000070162', undefined)).toThrow(
      expect.objectContaining({ code: 'VALIDATION_ERROR', data: expect.objectContaining({ resembledCountries: expect.arrayContaining(['LV']) }) }),
    );
    expect(registry.forReference('01000070162', 'LV').normalizeReference('01000070162')).toBe('01000070162');
  });

  it.each(referenceExamples())('%s: %s → %s', (_source, ref, expected) => {
    if (typeof expected === 'string') {
      expect(registry.forReference(ref, undefined).code).toBe(expected);
      return;
    }
    let caught: unknown;
    try {
      registry.forReference(ref, undefined);
    } catch (error) {
      caught = error;
    }
    expect(isServiceError(caught) && caught.code).toBe('CNV_AMBIGUOUS');
    expect((caught as { data: { candidateCountries: string[] } }).data.candidateCountries.sort()).toEqual([...expected].sort());
  });

  it('every reference found also normalises under its own country to itself or its canonical form, idempotently', () => {
    for (const [, ref, expected] of referenceExamples()) {
      for (const code of typeof expected === 'string' ? [expected] : expected) {
        const adapter = registry.forCountry(code);
        const canonical = adapter.normalizeReference(ref);
        expect(adapter.normalizeReference(canonical)).toBe(canonical);
      }
    }
  });
});

describe('reference detection over the Datafordeler MAT download and the Luxembourg WFS answers (real files)', () => {
  const registry = CountryRegistry.create();
  const detected = (ref: string): string[] => {
    try {
      return [registry.forReference(ref, undefined).code];
    } catch (error) {
      if (isServiceError(error) && error.code === 'CNV_AMBIGUOUS') return (error.data as { candidateCountries: string[] }).candidateCountries;
      throw error;
    }
  };

  it('every current MAT jordstykke (ejerlav-matrikelnummer) is detected as Danish alone', async () => {
    const [entry] = (await listZipEntries(countryFixture('dk_datafordeler_mat_totaludtraek_dagligt_json_v3_20200217050021.zip'))).filter((e) =>
      e.name.endsWith('.json'),
    );
    const records = JSON.parse(await readZipEntryText(entry, 8 << 20)).JordstykkeList as Record<string, string | null>[];
    const refs = [...new Set(records.map((r) => `${r.ejerlavLokalId}-${r.matrikelnummer}`))];
    expect(refs.length).toBeGreaterThan(100);
    for (const ref of refs) {
      expect(detected(ref), ref).toEqual(['DK']);
    }
  });

  it("every national_cadastral_reference of the Luxembourg answers is detected as Luxembourg's", () => {
    const refs = ['lu_inspire_cp_wfs_getfeature_bbox_luxembourg_075F.json', 'lu_inspire_cp_wfs_getfeature_bbox_esch_039A.json'].flatMap((file) =>
      allMatches(readCountryFixture(file), /"national_cadastral_reference":"([^"]+)"/g),
    );
    expect(refs.length).toBe(13);
    for (const ref of refs) expect(detected(ref), ref).toEqual(['LU']);
  });
});
