import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../helpers/paths.js';

/**
 * Spain's extras (units, rustic parcels, building facts, foral references, SIGPAC) are capabilities
 * its adapter declares and the registry lists (issue 39 item 2): outside Spain's own folder the core
 * and the app ask the capability, never `=== 'ES'`. The sources are read as git tracks them.
 */
const COMPARES_TO_SPAIN = /[!=]==?\s*['"`]ES['"`]|['"`]ES['"`]\s*[!=]==?/;
const SOURCES = /^(core|renderer|electron|cli)\/.*\.(ts|tsx|cts|mts)$/;
const ALLOWED = [/^core\/countries\/es\//, /\/test\//];

function trackedSources(): string[] {
  return execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: repoRoot, encoding: 'utf8' })
    .split('\n')
    .filter((file) => SOURCES.test(file) && !ALLOWED.some((rule) => rule.test(file)));
}

describe("no test of Spain's code outside core/countries/es", () => {
  it('the rule sees a comparison in both orders and either quote', () => {
    for (const line of [`parcel.pais === 'ES'`, `country !== "ES"`, `'ES' === code`, 'x == `ES`']) expect(line).toMatch(COMPARES_TO_SPAIN);
    for (const line of [`const country: CountryCode = 'ES';`, `code: 'ES'`, `pais === 'ESP'`]) expect(line).not.toMatch(COMPARES_TO_SPAIN);
  });

  it('no source outside Spain’s folder compares a country with ES', () => {
    const files = trackedSources();
    expect(files.length).toBeGreaterThan(500);
    const found = files.flatMap((file) =>
      readFileSync(`${repoRoot}/${file}`, 'utf8')
        .split('\n')
        .flatMap((line, i) => (COMPARES_TO_SPAIN.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
