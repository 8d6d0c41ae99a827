import { describe, expect, it } from 'vitest';
import type { CountryAdapter } from '../../../core/countries/adapter.js';
import { COUNTRIES, CountryRegistry, sourcesFromEnv } from '../../../core/countries/registry.js';
import { SpainAdapter } from '../../../core/countries/es/adapter.js';
import { parseFrenchReference, splitFrenchReference } from '../../../core/countries/fr/reference.js';
import { FR_EVIDENCE } from '../../../core/countries/fr/evidence.js';
import { referencePart, type CountryCode, type Coverage, type LonLat } from '../../../core/model/index.js';

const notCalled = () => {
  throw new Error('not called by the registry');
};

/** A second country whose bounds overlap Spain's, as France's do (Roussillon lies inside Spain's box). */
function otherCountry(code: CountryCode, outlineId: string, bounds: [number, number, number, number], coverage: Partial<Coverage> = {}): CountryAdapter {
  return {
    code,
    name: `Country ${code}`,
    outlineId,
    bounds,
    attribution: code,
    referenceHint: `A ${code} reference.`,
    coverage: { byReference: true, byCoordinates: true, byAddress: false, units: false, analysis: false, ...coverage },
    matchesReference: () => false,
    normalizeReference: (r) => r,
    parcelByReference: notCalled,
    parcelAt: notCalled,
    polygon: notCalled,
  };
}

const france = otherCountry('FR', '250', [-5.2, 41.3, 9.6, 51.1], { analysis: true });

describe('CountryRegistry: the adapter of a point', () => {
  const registry = new CountryRegistry([new SpainAdapter(), france]);

  it.each<[string, LonLat, CountryCode]>([
    ["Madrid (only Spain's bounds)", [-3.7, 40.42], 'ES'],
    ["Paris (only France's bounds)", [2.35, 48.85], 'FR'],
    ['Perpignan (both bounds; the French outline)', [2.895, 42.699], 'FR'],
    ['Girona (both bounds; the Spanish outline)', [2.821, 41.979], 'ES'],
    ['Hendaye, across the Bidasoa from Irun', [-1.774, 43.372], 'FR'],
    ['Irun', [-1.789, 43.338], 'ES'],
  ])('%s → %s', (_label, point, expected) => {
    expect(registry.forPoint(point, undefined).code).toBe(expected);
  });

  it('a point in the sea inside both boxes goes to the nearest outline (Gulf of Lion off Cap de Creus → Spain)', () => {
    expect(registry.forPoint([3.4, 42.3], undefined).code).toBe('ES');
  });

  it('outside every country of the installation: 400 naming them and the order to check', () => {
    expect(() => registry.forPoint([-40, 30], undefined)).toThrow(
      expect.objectContaining({ code: 'VALIDATION_ERROR', message: expect.stringMatching(/Spain.*\(ES\).*Country FR \(FR\).*latitude, longitude/) }),
    );
  });

  it('an explicit country wins, and its bounds are checked (400 outside)', () => {
    expect(registry.forPoint([2.895, 42.699], 'ES').code).toBe('ES');
    expect(() => registry.forPoint([-3.7, 40.42], 'FR')).toThrow(
      expect.objectContaining({ code: 'VALIDATION_ERROR', message: expect.stringContaining('outside Country FR (FR)') }),
    );
  });

  it('a spec country without an adapter here is 422 CNV_COVERAGE listing the installed ones', () => {
    expect(() => registry.forPoint([13.4, 52.5], 'DE')).toThrow(expect.objectContaining({ code: 'CNV_COVERAGE', data: { supportedCountries: ['ES', 'FR'] } }));
  });
});

describe('CountryRegistry: coverage is read from the adapters', () => {
  const registry = new CountryRegistry([new SpainAdapter(), france]);

  it('lists the countries covering each capability', () => {
    expect(registry.covering('units')).toEqual(['ES']);
    expect(registry.covering('analysis')).toEqual(['ES', 'FR']);
    expect(registry.covering('byAddress')).toEqual(['ES']);
  });

  it('requireCoverage answers 422 CNV_COVERAGE with the covered countries', () => {
    expect(() => registry.requireCoverage(france, 'units', 'Units per finca')).toThrow(
      expect.objectContaining({ code: 'CNV_COVERAGE', status: 422, data: { supportedCountries: ['ES'] } }),
    );
    expect(() => registry.requireCoverage(france, 'analysis', 'Analysis endpoints')).not.toThrow();
  });

  it("lists Spain's extras as capabilities; SIGPAC also for the foral territories, which have no units", () => {
    const installed = CountryRegistry.create();
    expect(installed.capabilities('ES')).toEqual(['units', 'rusticParcel', 'buildingFacts', 'foralReferences', 'sigpac']);
    expect(installed.capabilities('PV')).toEqual(['sigpac']);
    expect(installed.capabilities('NA')).toEqual(['sigpac']);
    expect(installed.capabilities('FR')).toEqual([]);
    expect(installed.offering('sigpac').sort()).toEqual(['ES', 'NA', 'PV']);
    expect(installed.offering('units')).toEqual(['ES']);
    expect(installed.has('ES', 'rusticParcel')).toBe(true);
    expect(installed.has('CZ', 'rusticParcel')).toBe(false);
    expect(installed.has('XX', 'units')).toBe(false);
    expect(installed.has(undefined, 'units')).toBe(false);
    expect(installed.infos().find((c) => c.code === 'ES')?.capabilities).toContain('foralReferences');
  });

  it("lists where France's references name the commune, section and number, as its IDU parser splits them", () => {
    const infos = CountryRegistry.create().infos();
    const parts = infos.find((c) => c.code === 'FR')?.referenceParts;
    expect(infos.filter((c) => c.referenceParts).map((c) => c.code)).toEqual(['FR']);
    for (const { ref } of FR_EVIDENCE.references) {
      const idu = splitFrenchReference(parseFrenchReference(ref)!);
      expect([referencePart(idu.idu, parts, 'commune'), referencePart(idu.idu, parts, 'section'), referencePart(idu.idu, parts, 'number')]).toEqual([
        idu.insee,
        idu.section,
        idu.numero,
      ]);
    }
    expect(referencePart('41231000A0075', parts, 'commune')).toBeUndefined();
  });

  it('an operation of a capability no country here offers answers 422 CNV_COVERAGE', () => {
    const frenchOnly = new CountryRegistry([france]);
    expect(() => frenchOnly.forCapability('rusticParcel', 'Rustic parcels by polígono and parcela')).toThrow(
      expect.objectContaining({ code: 'CNV_COVERAGE', status: 422 }),
    );
    expect(registry.forCapability('rusticParcel', 'Rustic parcels').code).toBe('ES');
  });

  it('refuses a country registered twice', () => {
    expect(() => new CountryRegistry([new SpainAdapter(), new SpainAdapter()])).toThrow(/ES is registered twice/);
  });
});

describe('sourcesFromEnv: each country names its own variables', () => {
  it('maps only the variables that are set, under the country code', () => {
    expect(
      sourcesFromEnv({ CATASTRO_ES_OVC_URL: 'http://127.0.0.1:9/ovc', CATASTRO_CARTOCIUDAD_URL: 'http://127.0.0.1:9/geo', CATASTRO_ES_WFS_URL: '' }),
    ).toEqual({ es: { ovcJsonBaseUrl: 'http://127.0.0.1:9/ovc', cartociudadBaseUrl: 'http://127.0.0.1:9/geo' } });
    expect(sourcesFromEnv({})).toEqual({});
  });

  it('every registered country has an adapter whose code matches its definition', () => {
    for (const definition of COUNTRIES) expect(definition.create({}).code).toBe(definition.code);
  });
});
