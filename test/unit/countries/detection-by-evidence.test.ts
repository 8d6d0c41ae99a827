import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { COUNTRIES, CountryRegistry } from '../../../core/countries/registry.js';
import { isServiceError, type CountryCode } from '../../../core/model/index.js';
import { listZipEntries, readZipEntryText } from '../../../core/formats/zip-archive.js';
import { fixture, repoRoot } from '../../helpers/paths.js';

/**
 * Detection without `?country=` over the references of every country's evidence
 * (core/countries/<code>/evidence.ts): real references read out of the recorded fixtures, or the
 * documented examples where nothing was recorded (each cited). Each routes to its own country, or
 * answers 300 naming it where the text is also another country's (spec: "bare digits that could
 * belong to several countries answer 300"), or, where the spec has the country asked only with
 * `?country=`, is refused naming its format.
 */
const registry = CountryRegistry.create();

/** The spec's coverage rows that have a country's references asked only with `?country=`. */
const ASKED_WITH_COUNTRY: Partial<Record<CountryCode, string>> = {
  GR: 'Greece: by reference "only with ?country=GR"',
  LV: 'Latvia: "bare digits need ?country=LV"',
  IE: 'Ireland: "only with ?country= and the numeric plot id"',
  SE: 'Sweden: agricultural block ids, whose shape is undocumented',
};

/**
 * The spec's coverage rows without lookup by reference: their references name parcels found by
 * coordinates and are never detected. A country the spec covers by reference but this client
 * cannot (AT: docs/coverage.md) is still detected, so its 422 says why and its kept parcels answer.
 */
const SPEC_NO_REFERENCE: readonly CountryCode[] = ['UK', 'HR'];

type Outcome = { routed: CountryCode } | { ambiguous: CountryCode[] } | { refused: CountryCode[]; message: string };

function detect(ref: string): Outcome {
  try {
    return { routed: registry.forReference(ref, undefined).code };
  } catch (error) {
    if (!isServiceError(error)) throw error;
    if (error.code === 'CNV_AMBIGUOUS') return { ambiguous: (error.data as { candidateCountries: CountryCode[] }).candidateCountries };
    expect(error.code).toBe('VALIDATION_ERROR');
    return { refused: (error.data as { resembledCountries?: CountryCode[] } | undefined)?.resembledCountries ?? [], message: error.message };
  }
}

const rows = COUNTRIES.flatMap((country) => country.evidence.references.map(({ ref, from }) => [country.code, ref, from] as const));

/** A cited recording: in a country folder (`core/countries/<cc>/test/recordings/…`, by its path in the repository) or under test/fixtures. */
const RECORDING_IN_FOLDER = /^core\/countries\/[a-z]{2}\/test\/recordings\//;
const recordingFile = (from: string) => (RECORDING_IN_FOLDER.test(from) ? path.join(repoRoot, from) : fixture(from));

/** The text of a cited fixture (gzip and zip read through), tags and whitespace also dropped for XML split into elements. */
async function fixtureText(file: string): Promise<string> {
  const recording = recordingFile(file);
  if (file.endsWith('.zip')) {
    const texts = await Promise.all((await listZipEntries(recording)).filter((e) => e.name.endsWith('.json')).map((e) => readZipEntryText(e, 8 << 20)));
    return texts.join('\n');
  }
  const bytes = readFileSync(recording);
  const text = (file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
  return `${text}\n${text.replace(/<[^>]+>|\s+/g, '')}`;
}

describe("every country's evidence references are detected as its own", () => {
  it('covers every country of the registry with at least one reference', () => {
    for (const country of COUNTRIES) expect(country.evidence.references.length, country.code).toBeGreaterThan(0);
  });

  it.each(rows)('%s %s (%s)', async (code, ref, from) => {
    // A reference read out of a fixture is in it (a composite reference: each of its parts).
    if (/^(countries|analysis)\/|^[a-z]{2}[_-].*\.(gml|xml|json|txt|zip|gz)$/.test(from) || RECORDING_IN_FOLDER.test(from)) {
      expect(existsSync(recordingFile(from)), from).toBe(true);
      const text = await fixtureText(from);
      expect(text.includes(ref) || ref.split(/[-\s]/).every((part) => text.includes(part)), `${ref} in ${from}`).toBe(true);
    }
    const adapter = registry.forCountry(code);
    // Under its own country the reference reads (canonical form, idempotent).
    const canonical = adapter.normalizeReference(ref);
    expect(adapter.normalizeReference(canonical)).toBe(canonical);
    const outcome = detect(ref);
    if (SPEC_NO_REFERENCE.includes(code)) {
      expect(adapter.coverage.byReference).toBe(false);
      expect(outcome).not.toEqual({ routed: code });
      return;
    }
    if (ASKED_WITH_COUNTRY[code]) {
      expect(outcome, ASKED_WITH_COUNTRY[code]).not.toEqual({ routed: code });
      if ('refused' in outcome) expect(outcome.refused, outcome.message).toContain(code);
      return;
    }
    if ('routed' in outcome) expect(outcome.routed).toBe(code);
    else if ('ambiguous' in outcome) expect(outcome.ambiguous).toContain(code);
    else expect.fail(`${ref} refused: ${outcome.message}`);
  });
});

describe('a reference no country claims is refused naming the formats it resembles', () => {
  it.each<[string, string, CountryCode[]]>([
    ['Latvian bare digits', '01000070162', ['LV']],
    ['a Greek KAEK', '050095701001', ['GR']],
    ['a Swedish block id', '1264A7F3C', ['SE']],
    ['a Spanish finca with a character too many', '9398516VK3799GX', ['ES']],
    ['a Luxembourg reference with a digit too few', '075F0013700000', ['LU']],
    ['a Bizkaia reference with a digit too few', '48.020.1619.0400', ['PV']],
    ['a French IDU with a digit too few', '29158000AW001', ['FR']],
  ])('%s (%s) names %s', (_what, ref, named) => {
    const outcome = detect(ref);
    expect('refused' in outcome, JSON.stringify(outcome)).toBe(true);
    const { refused, message } = outcome as { refused: CountryCode[]; message: string };
    expect(refused).toEqual(expect.arrayContaining(named));
    for (const code of named) expect(message).toContain(registry.forCountry(code).referenceHint);
  });

  it("a Spanish unit whose control letters do not match gets Spain's own refusal, saying which letters", () => {
    expect(detect('7837301VG8173B0001TX')).toMatchObject({ refused: ['ES'], message: expect.stringContaining("they are 'TT', not 'TX'") });
  });

  it('14 or 20 letters and digits without the Spanish structure are not taken as Spanish', () => {
    const outcome = detect('ABCDEFGHIJKLMN');
    expect(outcome).toMatchObject({ refused: expect.arrayContaining(['ES']) });
    expect(detect('ABCDEFGHIJKLMNOPQRST')).not.toEqual({ routed: 'ES' });
  });

  it("a text written like no country's reference says so", () => {
    expect(detect('ΚΑΕΚ ΑΒΓ')).toMatchObject({ refused: [], message: expect.stringContaining('written like no covered country') });
  });
});
