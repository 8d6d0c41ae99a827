import type { CountryAdapter } from './adapter.js';
import { SpainAdapter } from './es/adapter.js';
import type { EsSourcesConfig } from './es/config.js';
import { FranceAdapter } from './fr/adapter.js';
import type { FrSourcesConfig } from './fr/config.js';
import { NetherlandsAdapter } from './nl/adapter.js';
import type { NlSourcesConfig } from './nl/config.js';
import { PolandAdapter } from './pl/adapter.js';
import type { PlSourcesConfig } from './pl/config.js';
import { ServiceError, isCountryCode, type CountryCode } from '../model/index.js';

export interface SourcesConfig {
  es: Partial<EsSourcesConfig>;
  fr: Partial<FrSourcesConfig>;
  pl: Partial<PlSourcesConfig>;
  nl: Partial<NlSourcesConfig>;
}

/** Adding a country: its folder under countries/ and one line here. */
export function createAdapters(sources: Partial<SourcesConfig> = {}): Map<CountryCode, CountryAdapter> {
  const adapters: CountryAdapter[] = [new SpainAdapter(sources.es), new FranceAdapter(sources.fr), new PolandAdapter(sources.pl), new NetherlandsAdapter(sources.nl)];
  return new Map(adapters.map((a) => [a.code, a]));
}

/**
 * The adapter for a reference, following the spec: an explicit `country` wins; a value that is
 * not one of the spec's codes is treated as ES; without `country` the code is detected from the
 * reference shape, and a shape several countries share answers 300 CNV_AMBIGUOUS.
 */
export function resolveAdapter(
  adapters: Map<CountryCode, CountryAdapter>,
  ref: string,
  country: string | undefined,
): CountryAdapter {
  const spain = adapters.get('ES')!;
  if (country !== undefined && country !== '') return adapterForCountry(adapters, country);
  const matching = [...adapters.values()].filter((a) => a.matchesReference(ref));
  if (matching.length > 1) {
    throw new ServiceError('CNV_AMBIGUOUS', `Reference ${ref} could belong to several countries; repeat the call with ?country=.`, {
      candidateCountries: matching.map((a) => a.code),
    });
  }
  return matching[0] ?? spain;
}

/**
 * The adapter named by an explicit `country`: missing or not one of the spec's codes → ES (the
 * spec's default); a spec code this installation has no adapter for → 422 CNV_COVERAGE.
 */
export function adapterForCountry(adapters: Map<CountryCode, CountryAdapter>, country: string | undefined): CountryAdapter {
  const code = (country ?? 'ES').trim().toUpperCase();
  if (!isCountryCode(code)) return adapters.get('ES')!;
  const adapter = adapters.get(code);
  if (!adapter) {
    throw new ServiceError('CNV_COVERAGE', `Country ${code} is not available in this installation (available: ${[...adapters.keys()].join(', ')}).`, {
      supportedCountries: [...adapters.keys()],
    });
  }
  return adapter;
}

