import { isServiceError, validationError, type CountryCode, type ServiceError } from '../model/index.js';
import type { CountryAdapter } from './adapter.js';

/**
 * The refusal of a reference no country claims without `?country=` (spec: 400 VALIDATION_ERROR,
 * "reference format invalid"), naming the countries whose formats the text resembles, so a user
 * of any of the 31 cadastres learns what to repeat the call with, not only Spain's rule:
 * - `askedOnly`: countries whose own rule reads the text (as under `?country=`) but whose
 *   detection does not claim it (Latvia's and Greece's bare digits, Sweden's block ids, a Danish
 *   5-digit ejerlav with a bare number…); only those whose declared outline fits the text
 *   (reference-shape.ts) or that declare none are asked;
 * - `resembled`: countries one of whose real references (their evidence, `<code>/evidence.ts`) is
 *   written like the text: the same separators, and at most two characters apart once every digit
 *   is read as 9 and every letter as A (a Spanish unit whose control letters do not match, a
 *   reference one digit short).
 * A text only one country resembles, and none reads, gets that country's own refusal, which says
 * what is wrong.
 */
export function unrecognisedReference(
  ref: string,
  countries: {
    /** The countries whose outline fits the text or that declare none. */
    fitting: readonly CountryAdapter[];
    all: readonly CountryAdapter[];
    examples: (code: CountryCode) => readonly string[];
    /** The spec's default country, whose format is named when the text resembles none. */
    byDefault: CountryAdapter;
  },
): ServiceError {
  const askedOnly = countries.fitting.filter((adapter) => readsReference(adapter, ref));
  const written = writtenText(ref);
  const resembled = countries.all.filter(
    (adapter) => !askedOnly.includes(adapter) && countries.examples(adapter.code).some((example) => isWrittenLike(written, writtenExample(example))),
  );
  if (askedOnly.length === 0 && resembled.length === 1) {
    try {
      resembled[0].normalizeReference(ref);
    } catch (error) {
      if (isServiceError(error) && error.code === 'VALIDATION_ERROR') return validationError(error.message, { resembledCountries: [resembled[0].code] });
      throw error;
    }
  }
  const named = (adapters: CountryAdapter[]) => adapters.map((a) => `${a.name} (${a.code}): ${a.referenceHint}`).join(' ');
  const parts = [`Reference '${ref.trim().slice(0, 64)}' is not a cadastral reference this service recognises without ?country=.`];
  if (askedOnly.length > 0) parts.push(`Asked with ?country=, it could be one of: ${named(askedOnly)}`);
  if (resembled.length > 0) parts.push(`It resembles the format of: ${named(resembled)}`);
  if (askedOnly.length + resembled.length === 0) {
    parts.push(`It is written like no covered country's reference; the default country is ${named([countries.byDefault])}`);
  }
  parts.push("Repeat the call with ?country=<code> to look it up under that country's rule.");
  return validationError(parts.join(' '), { resembledCountries: [...askedOnly, ...resembled].map((a) => a.code) });
}

/** How a reference is written: each digit 9, each letter A, spaces and dashes '-', the rest kept. */
function skeleton(text: string): string {
  return text
    .normalize('NFC')
    .trim()
    .toUpperCase()
    .replace(/\p{Nd}/gu, '9')
    .replace(/\p{L}/gu, 'A')
    .replace(/[\s\-‐-―]+/g, '-');
}

/**
 * The examples as written (skeleton and separators), made once: a batch of mistyped references
 * asks for them on every row, and made anew they were most of a refusal's cost (about 0.3 ms,
 * 90 times the rule's own check). The examples are a fixed set (the countries' evidence).
 */
const writtenExamples = new Map<string, WrittenText>();
function writtenExample(example: string): WrittenText {
  let written = writtenExamples.get(example);
  if (written === undefined) writtenExamples.set(example, (written = writtenText(example)));
  return written;
}

interface WrittenText {
  skeleton: string;
  separators: string;
}
const writtenText = (text: string): WrittenText => {
  const written = skeleton(text);
  return { skeleton: written, separators: written.replace(/[9A]/g, '') };
};

/** The same separators in the same order, and at most two edits apart (fewer than a third of the text). */
function isWrittenLike({ skeleton: a, separators }: WrittenText, example: WrittenText): boolean {
  const b = example.skeleton;
  if (separators !== example.separators) return false;
  const limit = Math.min(2, Math.ceil(Math.max(a.length, b.length) / 3) - 1);
  if (Math.abs(a.length - b.length) > limit) return false;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    if (Math.min(...row) > limit) return false;
    previous = row;
  }
  return previous[b.length] <= limit;
}

/** True when the country's own rule (as under `?country=`) reads the text. */
function readsReference(adapter: CountryAdapter, ref: string): boolean {
  try {
    adapter.normalizeReference(ref);
    return true;
  } catch (error) {
    if (isServiceError(error)) return false;
    throw error;
  }
}
