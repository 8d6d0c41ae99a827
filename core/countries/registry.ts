import { LRUCache } from 'lru-cache';
import { countryOutlineAt } from '../geo/country-outlines.js';
import { bboxContains } from '../geo/bbox.js';
import {
  COUNTRY_CAPABILITIES,
  ServiceError,
  isCountryCode,
  noCoverage,
  pointText,
  validationError,
  type CountryCapability,
  type CountryCode,
  type CountryInfo,
  type Coverage,
  type LandClass,
  type LonLat,
} from '../model/index.js';
import type { CountryAdapter, CountryDefinition, CountrySources, SourceCheck } from './adapter.js';
import { requireInBounds } from './bounds.js';
import { ReferenceShapeIndex } from './reference-shape.js';
import { unrecognisedReference } from './unrecognised-reference.js';
import { rowCountry } from './national/row-adapter.js';
import { spain } from './es/definition.js';
import { czechia } from './cz/country.js';
import { denmark } from './dk/definition.js';
import { france } from './fr/definition.js';
import { italy } from './it/country.js';
import { netherlands } from './nl/country.js';
import { luxembourg } from './lu/country.js';
import { navarre } from './na/country.js';
import { poland } from './pl/country.js';
import { basqueCountry } from './pv/country.js';
import { estonia } from './ee/country.js';
import { latvia } from './lv/country.js';
import { lithuania } from './lt/country.js';
import { slovenia } from './si/country.js';
import { slovakia } from './sk/country.js';
import { bulgaria } from './bg/country.js';
import { greece } from './gr/country.js';
import { cyprus } from './cy/country.js';
import { ireland } from './ie/country.js';
import { portugal } from './pt/country.js';
import { croatia } from './hr/country.js';
import { sweden } from './se/country.js';
import { liechtenstein } from './li/country.js';
import { iceland } from './is/country.js';
import { unitedKingdom } from './uk/definition.js';
import { germany } from './de/country.js';
import { finland } from './fi/country.js';
import { norway } from './no/country.js';
import { belgium } from './be/country.js';
import { switzerland } from './ch/country.js';
import { austria } from './at/country.js';

/**
 * Adding a country: its folder under countries/ and one line here (core/countries/README.md): its
 * row (`<code>/country.ts`) through the generic adapter, or the definition of a country whose flow differs.
 */
export const COUNTRIES: readonly CountryDefinition[] = [
  spain,
  france,
  rowCountry(poland),
  rowCountry(netherlands),
  rowCountry(italy),
  rowCountry(czechia),
  rowCountry(basqueCountry),
  rowCountry(navarre),
  rowCountry(luxembourg),
  denmark,
  rowCountry(estonia),
  rowCountry(latvia),
  rowCountry(lithuania),
  rowCountry(slovenia),
  rowCountry(slovakia),
  rowCountry(bulgaria),
  rowCountry(greece),
  rowCountry(cyprus),
  rowCountry(ireland),
  rowCountry(portugal),
  rowCountry(croatia),
  rowCountry(sweden),
  rowCountry(liechtenstein),
  rowCountry(iceland),
  unitedKingdom,
  rowCountry(germany),
  rowCountry(finland),
  rowCountry(norway),
  rowCountry(belgium),
  rowCountry(switzerland),
  rowCountry(austria),
];

/** Extras about the land, not the cadastre: a territory with its own cadastre has them as its country does. */
const TERRITORY_WIDE: readonly CountryCapability[] = ['sigpac'];

/** The spec's default country: a missing `country`, or a value that is not one of the spec's codes. */
const DEFAULT_COUNTRY: CountryCode = 'ES';

/** Base URLs per country (lower-case code → option name → URL); unset names keep the official service. */
export type SourcesConfig = Partial<Record<Lowercase<CountryCode>, CountrySources>>;

/**
 * Every country's base URLs from the environment variables its definition names (the one
 * mapping the CLI, the server and the desktop app share; tests point them at local fakes).
 */
export function sourcesFromEnv(env: NodeJS.ProcessEnv = process.env, countries: readonly CountryDefinition[] = COUNTRIES): SourcesConfig {
  const sources: SourcesConfig = {};
  for (const country of countries) {
    const set = Object.entries(country.sourceEnv)
      .filter(([, variable]) => env[variable] !== undefined && env[variable] !== '')
      .map(([option, variable]) => [option, env[variable]!]);
    if (set.length > 0) sources[country.code.toLowerCase() as Lowercase<CountryCode>] = Object.fromEntries(set);
  }
  return sources;
}

/**
 * The adapters of this installation and the rules that pick one: by reference shape, by an
 * explicit `country`, by a point; and the coverage checks (422 CNV_COVERAGE) they all share.
 */
export class CountryRegistry {
  private readonly adapters: ReadonlyMap<CountryCode, CountryAdapter>;
  /** Which adapters' parsers could accept a reference, by their declared outlines (reference-shape.ts). */
  private readonly shapes: ReferenceShapeIndex<CountryAdapter>;
  /** Refusals of texts no country claims, by text (each asks every country's rule: about 60 µs). */
  private readonly refusals = new LRUCache<string, { message: string; data?: Record<string, unknown> }>({ max: 1000 });

  /**
   * @param referenceExamples real references of each country (its evidence), which the refusal of
   *   an unrecognised reference compares the text with
   */
  constructor(
    adapters: readonly CountryAdapter[],
    private readonly referenceExamples: ReadonlyMap<CountryCode, readonly string[]> = new Map(),
  ) {
    const byCode = new Map<CountryCode, CountryAdapter>();
    for (const adapter of adapters) {
      if (byCode.has(adapter.code)) throw new Error(`Country ${adapter.code} is registered twice.`);
      byCode.set(adapter.code, adapter);
    }
    this.adapters = byCode;
    this.shapes = new ReferenceShapeIndex([...byCode.values()], (adapter) => adapter.referenceShape);
  }

  /** The registry's countries with their official sources, `sources` overriding base URLs. */
  static create(sources: SourcesConfig = {}, countries: readonly CountryDefinition[] = COUNTRIES): CountryRegistry {
    return new CountryRegistry(
      countries.map((c) => c.create(sources[c.code.toLowerCase() as Lowercase<CountryCode>] ?? {})),
      new Map(countries.map((c) => [c.code, c.evidence.references.map((r) => r.ref)])),
    );
  }

  /** The installed adapter of a country, if any. */
  find(country: CountryCode): CountryAdapter | undefined {
    return this.adapters.get(country);
  }

  get codes(): CountryCode[] {
    return [...this.adapters.keys()];
  }

  /** Countries whose adapter answers `capability` (their coverage row says yes). */
  covering(capability: keyof Coverage): CountryCode[] {
    return [...this.adapters.values()].filter((a) => a.coverage[capability]).map((a) => a.code);
  }

  /**
   * What a country offers beyond its coverage row's lookups: `units` from that row, its adapter's
   * `extras`, and the extras of the country it lies in that are about the land rather than the
   * cadastre (`TERRITORY_WIDE`: SIGPAC covers the Basque Country and Navarre as the rest of Spain).
   */
  capabilities(country: CountryCode): CountryCapability[] {
    const adapter = this.adapters.get(country);
    if (!adapter) return [];
    const host = adapter.territoryOf ? this.adapters.get(adapter.territoryOf) : undefined;
    const inherited = (host?.extras ?? []).filter((extra) => TERRITORY_WIDE.includes(extra));
    const all = new Set<CountryCapability>([...(adapter.coverage.units ? (['units'] as const) : []), ...(adapter.extras ?? []), ...inherited]);
    return COUNTRY_CAPABILITIES.filter((capability) => all.has(capability));
  }

  /** True when the country has an adapter here offering `capability`; a code of no country here has none. */
  has(country: string | undefined, capability: CountryCapability): boolean {
    return isCountryCode(country) && this.capabilities(country).includes(capability);
  }

  /** The countries offering `capability`, in registration order. */
  offering(capability: CountryCapability): CountryCode[] {
    return this.codes.filter((code) => this.has(code, capability));
  }

  /**
   * The one adapter offering `capability`, for operations that name no country (a rustic parcel by
   * province and polígono, a building of the copy); 422 CNV_COVERAGE when none here does.
   */
  forCapability(capability: CountryCapability, what: string): CountryAdapter {
    const [code] = this.offering(capability);
    if (code === undefined) throw noCoverage(`${what} are not available in this installation.`, { supportedCountries: [] });
    return this.adapters.get(code)!;
  }

  /** The installation's countries as the app needs to know them (the status answer's `countries`). */
  infos(): CountryInfo[] {
    return [...this.adapters.values()].map((adapter) => ({
      code: adapter.code,
      name: adapter.name,
      bounds: adapter.bounds,
      outlineId: adapter.outlineId,
      byAddress: adapter.coverage.byAddress,
      attribution: adapter.attribution,
      capabilities: this.capabilities(adapter.code),
      ...(adapter.referenceParts && { referenceParts: adapter.referenceParts }),
    }));
  }

  /** True when the country has an adapter here and its coverage row has `capability`. */
  covers(country: CountryCode, capability: keyof Coverage): boolean {
    return this.adapters.get(country)?.coverage[capability] === true;
  }

  /**
   * The adapter for a reference, following the spec: an explicit `country` wins; a value that is
   * not one of the spec's codes is treated as ES; without `country` the code is detected from the
   * reference shape, a shape several countries share answers 300 CNV_AMBIGUOUS, and a text no
   * country claims 400 naming the formats it resembles (unrecognised-reference.ts).
   */
  forReference(ref: string, country: string | undefined): CountryAdapter {
    if (country !== undefined && country !== '') return this.forCountry(country);
    const matching = this.matchingReference(ref);
    if (matching.length > 1) {
      throw new ServiceError('CNV_AMBIGUOUS', `Reference ${ref} could belong to several countries; repeat the call with ?country=.`, {
        candidateCountries: matching.map((a) => a.code),
      });
    }
    if (matching.length === 1) return matching[0];
    // Outlines are ASCII: a letter with a diacritic is compared as its base letter, anything else outside ASCII fits none.
    const ascii = ref
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(/[^\x00-\x7f]/g, '\x7f');
    const fitting = this.shapes.fitting(ascii);
    const all = [...this.adapters.values()];
    // A batch repeats the same mistyped text row after row: its refusal is worked out once.
    let refusal = this.refusals.get(ref);
    if (!refusal) {
      const { message, data } = unrecognisedReference(ref, {
        fitting: all.filter((a) => !a.referenceShape || fitting.includes(a)),
        all,
        examples: (code) => this.referenceExamples.get(code) ?? [],
        byDefault: this.forCountry(undefined),
      });
      this.refusals.set(ref, (refusal = { message, data }));
    }
    throw new ServiceError('VALIDATION_ERROR', refusal.message, refusal.data);
  }

  /**
   * The adapters whose reference shape `ref` has (`matchesReference`), in registration order:
   * only the parsers whose declared outline fits the text run, with the same answer as running all.
   */
  matchingReference(ref: string): CountryAdapter[] {
    return this.shapes.fitting(ref).filter((a) => a.matchesReference(ref));
  }

  /**
   * The adapter named by an explicit `country`: missing or not one of the spec's codes → ES (the
   * spec's default); a spec code this installation has no adapter for → 422 CNV_COVERAGE.
   */
  forCountry(country: string | undefined): CountryAdapter {
    const code = (country ?? DEFAULT_COUNTRY).trim().toUpperCase();
    const adapter = this.adapters.get(isCountryCode(code) ? code : DEFAULT_COUNTRY);
    if (!adapter) {
      throw noCoverage(`Country ${code} is not available in this installation (available: ${this.codes.join(', ')}).`, {
        supportedCountries: this.codes,
      });
    }
    return adapter;
  }

  /**
   * The adapter for a point. With `country`, that country's adapter, and 400 when the point is
   * outside its bounds. Without, the country holding the point: the one adapter whose bounds
   * contain it, or, where bounds overlap (Spain, France, Portugal, Andorra…), the one whose
   * bundled outline contains it (else the nearest outline); 400 when no country's bounds do.
   */
  forPoint(point: LonLat, country: string | undefined): CountryAdapter {
    if (country !== undefined) {
      const adapter = this.forCountry(country);
      requireInBounds(adapter, point);
      return adapter;
    }
    // Territories with their own cadastre are reached through their country (territoriesAt).
    const candidates = [...this.adapters.values()].filter((a) => !a.territoryOf && bboxContains(a.bounds, point));
    if (candidates.length === 1) return candidates[0];
    if (candidates.length === 0) {
      const names = [...this.adapters.values()].map((a) => `${a.name} (${a.code})`).join(', ');
      throw validationError(`Coordinates ${pointText(point)} are outside every country covered here: ${names}; check the order (latitude, longitude).`);
    }
    const id = countryOutlineAt(
      point,
      candidates.map((a) => a.outlineId),
    );
    return candidates.find((a) => a.outlineId === id) ?? candidates[0];
  }

  /** Every source's status check, once per source name, with the countries it serves. */
  statusChecks(): { check: SourceCheck; countries: CountryCode[] }[] {
    const bySource = new Map<string, { check: SourceCheck; countries: CountryCode[] }>();
    for (const adapter of this.adapters.values()) {
      for (const check of adapter.statusChecks?.() ?? []) {
        const seen = bySource.get(check.source);
        if (seen) {
          if (!seen.countries.includes(adapter.code)) seen.countries.push(adapter.code);
        } else bySource.set(check.source, { check, countries: [adapter.code] });
      }
    }
    return [...bySource.values()];
  }

  /**
   * The adapters a point picked for `adapter` is asked of, in order: the territories inside it with
   * their own cadastre whose extent holds the point (PV, NA inside ES: a point there goes to the
   * foral source, not to the Catastro), then the adapter itself.
   */
  inOrderAt(adapter: CountryAdapter, point: LonLat): CountryAdapter[] {
    const territories = [...this.adapters.values()].filter((a) => a.territoryOf === adapter.code && bboxContains(a.bounds, point));
    return [...territories, adapter];
  }

  /** Urban or rustic from the reference, by the country's own rule, where it has one. */
  landClassOf(country: CountryCode, ref: string): LandClass | undefined {
    return this.adapters.get(country)?.landClassOf?.(ref);
  }

  /** 422 CNV_COVERAGE unless the adapter's coverage row has `capability`; `what` names it for the message. */
  requireCoverage(adapter: CountryAdapter, capability: keyof Coverage, what: string): void {
    if (adapter.coverage[capability]) return;
    const covered = this.covering(capability);
    const note = adapter.coverageNotes?.[capability];
    throw noCoverage(
      `${what} ${covered.length > 0 ? `cover ${covered.join(', ')}` : 'are not available'}; ${adapter.name} (${adapter.code}) is not covered.${note ? ` ${note}` : ''}`,
      {
        supportedCountries: covered,
      },
    );
  }
}

let installed: CountryRegistry | undefined;

/**
 * The installed countries with their official sources, for rules that need no source (coverage,
 * reference rules) where no registry is passed in; made once.
 */
export function installedCountries(): CountryRegistry {
  installed ??= CountryRegistry.create();
  return installed;
}
