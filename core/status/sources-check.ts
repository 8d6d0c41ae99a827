import { performance } from 'node:perf_hooks';
import { pointOnFeature } from '@turf/turf';
import { bulkhead, isTaskCancelledError, timeout, TimeoutStrategy } from 'cockatiel';
import { readAddressQuery } from '../address/candidates-input.js';
import type { AdapterContext, CountryAdapter } from '../countries/adapter.js';
import type { CountryRegistry } from '../countries/registry.js';
import {
  isServiceError,
  pointText,
  type CheckedCapability,
  type CountryCode,
  type LonLat,
  type SourceLookupCheck,
  type SourcesCheckReport,
} from '../model/index.js';
import { ParcelStore } from '../store/parcel-store.js';
import type { UpstreamClient } from '../upstream/upstream-client.js';
import { CHECK_PARCELS, type CheckParcel } from './check-parcels.js';
import { keyFieldDifferences, type KeyFields } from './lookup-comparison.js';

/**
 * Time one lookup may take, retries and a paced geocoder included, before its row says it did
 * not answer: the check always ends, whatever a source does (the status page's checks allow 30 s).
 */
export const LOOKUP_DEADLINE_MS = 30_000;
/** Countries checked at once: each sends its lookups one after the other, as a user would. */
const COUNTRIES_AT_ONCE = 4;

export interface SourcesCheckOptions {
  registry: CountryRegistry;
  http: UpstreamClient;
  /** The countries to check (default: every country of the registry). */
  countries?: readonly CountryCode[];
  lookupDeadlineMs?: number;
}

/** What a lookup's answer differs in from the known one (nothing: it matches), and what the next lookup may use. */
interface LookupAnswer {
  differences: string[];
  /** The answered outline, whose inside the lookup by coordinates asks when no point was recorded. */
  outline?: LonLat[];
}

interface Lookup {
  capability: CheckedCapability;
  asked: string;
  run(ctx: AdapterContext): Promise<LookupAnswer>;
}

/**
 * `catastro sources check` and the status page's "Check the sources": one real lookup per
 * capability of each country's coverage row (by reference, by coordinates, by address, units),
 * with the country's check parcel (check-parcels.ts), each compared with the known answer. Every
 * lookup starts from an empty copy of its own, so the answer is the source's, never the copy's,
 * and is bounded by `lookupDeadlineMs`, so a source that never answers is a row, not a hang.
 */
export async function checkSourcesLive(options: SourcesCheckOptions): Promise<SourcesCheckReport> {
  const at = new Date().toISOString();
  const codes = options.countries ?? options.registry.codes;
  const inTurn = bulkhead(COUNTRIES_AT_ONCE, Number.MAX_SAFE_INTEGER);
  const perCountry = await Promise.all(codes.map((code) => inTurn.execute(() => checkCountry(options.registry.forCountry(code), options))));
  const rows = perCountry.flat();
  return { at, rows, passed: rows.length > 0 && rows.every((row) => row.matches) };
}

async function checkCountry(adapter: CountryAdapter, options: SourcesCheckOptions): Promise<SourceLookupCheck[]> {
  const parcel = CHECK_PARCELS[adapter.code];
  const rows: SourceLookupCheck[] = [];
  let outline: LonLat[] | undefined;
  for (const lookup of lookupsOf(adapter, parcel, () => outline)) {
    const { row, answer } = await runLookup(adapter, lookup, options);
    outline ??= answer?.outline;
    rows.push(row);
  }
  return rows;
}

/** The lookups of a country's coverage row, in the order a user meets them. */
function* lookupsOf(adapter: CountryAdapter, parcel: CheckParcel, answeredOutline: () => LonLat[] | undefined): Generator<Lookup> {
  const { coverage } = adapter;
  if (coverage.byReference) {
    yield {
      capability: 'byReference',
      asked: parcel.ref,
      async run(ctx) {
        const found = await adapter.parcelByReference(parcel.ref, ctx);
        const known: KeyFields = {
          ref: parcel.ref,
          ...(parcel.recorded && { areaM2: parcel.recorded.areaM2, centre: parcel.recorded.centre, municipality: parcel.recorded.municipality }),
        };
        const live: KeyFields = {
          ref: found.refCatastral,
          areaM2: found.superficieParcela,
          centre: [found.longitud, found.latitud],
          municipality: found.municipio,
        };
        return { differences: keyFieldDifferences(known, live, sameReference(adapter)), outline: found.poligono };
      },
    };
  }
  if (coverage.byCoordinates) {
    const outline = answeredOutline();
    const point =
      parcel.point ??
      (outline && outline.length >= 4 ? (pointOnFeature({ type: 'Polygon', coordinates: [outline] }).geometry.coordinates as LonLat) : undefined);
    yield {
      capability: 'byCoordinates',
      asked: point ? pointText(point) : 'a point inside the parcel',
      async run(ctx) {
        if (!point) throw new Error('No point to ask: the lookup by reference answered no outline, and no point was recorded.');
        const match = await adapter.parcelAt(point, ctx);
        return { differences: keyFieldDifferences({ ref: parcel.pointAnswers ?? parcel.ref }, { ref: match.refCat14 }, sameReference(adapter)) };
      },
    };
  }
  if (coverage.byAddress && adapter.searchAddress) {
    const search = adapter.searchAddress.bind(adapter);
    yield {
      capability: 'byAddress',
      asked: parcel.address ?? '(no address known)',
      async run(ctx) {
        if (!parcel.address) throw new Error(`No address of ${adapter.code} is known to the check (core/status/check-parcels.ts).`);
        const { candidatos } = await search(readAddressQuery({ q: parcel.address, country: adapter.code }, [adapter.code]), ctx);
        // Which parcel lies at a real address was recorded nowhere: a candidate of the country with its parcel is the known answer.
        const found = candidatos.some((c) => c.pais === adapter.code && c.refCatastral);
        return { differences: found ? [] : [`no candidate of ${adapter.code} with a parcel`] };
      },
    };
  }
  if (coverage.units && adapter.units) {
    const units = adapter.units.bind(adapter);
    const finca = parcel.units?.ref ?? parcel.ref;
    yield {
      capability: 'units',
      asked: finca,
      async run(ctx) {
        const page = await units(finca, undefined, ctx);
        const expected = parcel.units?.count;
        return {
          differences: expected === undefined || page.totalUnidadesFinca === expected ? [] : [`${page.totalUnidadesFinca} units, expected ${expected}`],
        };
      },
    };
  }
}

/** Runs one lookup against an empty copy of its own, within the deadline, and writes its row. */
async function runLookup(adapter: CountryAdapter, lookup: Lookup, options: SourcesCheckOptions): Promise<{ row: SourceLookupCheck; answer?: LookupAnswer }> {
  const deadlineMs = options.lookupDeadlineMs ?? LOOKUP_DEADLINE_MS;
  const base = { country: adapter.code, capability: lookup.capability, asked: lookup.asked };
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let deadline: AbortSignal | undefined;
  try {
    // Aggressive: the row is written at the deadline even if a source's parser ignores the signal.
    const answer = await timeout(deadlineMs, TimeoutStrategy.Aggressive).execute(({ signal }) => {
      deadline = signal;
      const store = ParcelStore.open(':memory:');
      // The copy is closed once the lookup ends, also when the deadline left it running.
      return lookup.run({ http: options.http, store, signal }).finally(() => store.close());
    });
    const { differences } = answer;
    return {
      row: { ...base, answered: true, matches: differences.length === 0, ms: elapsed(), ...(differences.length > 0 && { detail: differences.join('; ') }) },
      answer,
    };
  } catch (error) {
    const ms = elapsed();
    // The deadline aborted the lookup: its own error (the upstream client's, cockatiel's) says less than this.
    if (isTaskCancelledError(error) || deadline?.aborted)
      return { row: { ...base, answered: false, matches: false, ms, detail: `no answer within ${Math.round(deadlineMs / 1000)} s` } };
    // The source answered but not with the parcel (404, a refusal): answered, and not the known answer.
    const answered = isServiceError(error) && error.code !== 'SERVICE_UNAVAILABLE';
    return { row: { ...base, answered, matches: false, ms, detail: error instanceof Error ? error.message : String(error) } };
  }
}

/** Two spellings of one reference (FI `09141000030044` is `91-410-3-44`) are the same parcel's, by the country's own rule. */
function sameReference(adapter: CountryAdapter): (a: string, b: string) => boolean {
  const normal = (ref: string) => {
    try {
      return adapter.normalizeReference(ref);
    } catch {
      return ref.replace(/\s+/g, '').toUpperCase();
    }
  };
  return (a, b) => normal(a) === normal(b);
}
