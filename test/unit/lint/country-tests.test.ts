import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from '../../../core/model/index.js';
import { repoRoot } from '../../helpers/paths.js';

/**
 * A country's extras (Spain's units, rustic parcels, building facts, foral references, SIGPAC;
 * France's commune in its reference) are capabilities and fields its adapter declares and the
 * registry lists (issue 39 item 2): outside Spain's own folder the core and the app ask them,
 * never `=== 'ES'`, and the app compares no country code at all. The sources are read as git tracks them.
 */
const comparesTo = (codes: readonly string[]) => {
  const code = `['"\`](?:${codes.join('|')})['"\`]`;
  return new RegExp(`[!=]==?\\s*${code}|${code}\\s*[!=]==?|\\bcase\\s+${code}\\s*:`);
};
const COMPARES_TO_SPAIN = comparesTo(['ES']);
const COMPARES_TO_A_COUNTRY = comparesTo(COUNTRY_CODES);
const SOURCES = /^(core|renderer|electron|cli)\/.*\.(ts|tsx|cts|mts)$/;
const OUTSIDE_TESTS = (file: string) => !/\/test\//.test(file);

function trackedSources(where: (file: string) => boolean): string[] {
  return execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: repoRoot, encoding: 'utf8' })
    .split('\n')
    .filter((file) => SOURCES.test(file) && OUTSIDE_TESTS(file) && where(file));
}

/** `file:line: text` of every line of `files` that `rule` matches. */
const linesMatching = (files: string[], rule: RegExp) =>
  files.flatMap((file) =>
    readFileSync(`${repoRoot}/${file}`, 'utf8')
      .split('\n')
      .flatMap((line, i) => (rule.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );

describe("no test of a country's code where its capabilities are asked", () => {
  it('the rules see a comparison in both orders, either quote, and a switch case', () => {
    for (const line of [`parcel.pais === 'ES'`, `country !== "ES"`, `'ES' === code`, 'x == `ES`', `case 'ES':`]) {
      expect(line).toMatch(COMPARES_TO_SPAIN);
      expect(line).toMatch(COMPARES_TO_A_COUNTRY);
    }
    for (const line of [`parcel.pais === 'FR'`, `country !== "PV"`, `'UK' === code`, 'x == `NA`', `case 'DK':`]) {
      expect(line).toMatch(COMPARES_TO_A_COUNTRY);
      expect(line).not.toMatch(COMPARES_TO_SPAIN);
    }
    for (const line of [`const country: CountryCode = 'FR';`, `code: 'ES'`, `pais === 'ESP'`, `lang === 'fr'`, `t(\`country\${code}\`)`]) {
      expect(line).not.toMatch(COMPARES_TO_A_COUNTRY);
    }
  });

  it('no source outside Spain’s folder compares a country with ES', () => {
    const files = trackedSources((file) => !file.startsWith('core/countries/es/'));
    expect(files.length).toBeGreaterThan(500);
    expect(linesMatching(files, COMPARES_TO_SPAIN)).toEqual([]);
  });

  it('no source of the app (renderer/) compares a country with any country code', () => {
    const files = trackedSources((file) => file.startsWith('renderer/'));
    expect(files.length).toBeGreaterThan(90);
    expect(linesMatching(files, COMPARES_TO_A_COUNTRY)).toEqual([]);
  });
});
