import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SourcesConfig } from '../../../core/countries/registry.js';
import { startFakeCartoCiudad } from '../../fake-upstream/cartociudad.js';
import { startFakeCatastro } from '../../fake-upstream/catastro.js';
import { startFakeEurope } from '../../fake-upstream/countries/europe.js';
import { startFakeServer, type FakeServer } from '../../fake-upstream/countries/fake-server.js';
import { frenchRoutes, frenchSources } from '../../../core/countries/fr/test/fake.js';
import { polishSources } from '../../../core/countries/pl/test/fake.js';
import { fakeSourcesEnv } from '../../helpers/fake-sources-env.js';
import { repoRoot } from '../../helpers/paths.js';

const run = promisify(execFile);
const cli = path.join(repoRoot, 'bin/catastro.js');

let europe: Awaited<ReturnType<typeof startFakeEurope>>;
let catastro: Awaited<ReturnType<typeof startFakeCatastro>>;
let cartociudad: Awaited<ReturnType<typeof startFakeCartoCiudad>>;
/** France's API Carto after a change of shape: `nom_com` renamed and the outline moved 300 m north. */
let changedFrance: FakeServer;
/** Poland's ULDK accepting requests and never answering. */
let silentPoland: FakeServer;

beforeAll(async () => {
  [europe, catastro, cartociudad] = await Promise.all([startFakeEurope(), startFakeCatastro(), startFakeCartoCiudad()]);
  changedFrance = await startFakeServer([
    (url) => {
      const answer = frenchRoutes(url);
      if (!answer || !url.pathname.startsWith('/fr-apicarto')) return answer;
      const shifted = JSON.parse(answer.body.toString(), (key, value) => {
        if (Array.isArray(value) && value.length === 2 && value.every((n) => typeof n === 'number')) return [value[0], value[1] + 0.0027];
        return value;
      });
      return { ...answer, body: JSON.stringify(shifted).replaceAll('"nom_com"', '"nom_commune"') };
    },
  ]);
  silentPoland = await startFakeServer([
    (url) => (url.pathname.startsWith('/pl-') ? { status: 200, type: 'text/plain', body: '', delayMs: 600_000 } : undefined),
  ]);
});
afterAll(async () => {
  await Promise.all([europe?.close(), catastro?.close(), cartociudad?.close(), changedFrance?.close(), silentPoland?.close()]);
});

const environment = (override: SourcesConfig = {}) => fakeSourcesEnv({ europe, catastro, cartociudad }, override);

async function sourcesCheck(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; lines: string[]; ms: number }> {
  const started = Date.now();
  try {
    const { stdout } = await run(process.execPath, [cli, 'sources', 'check', ...args], { cwd: repoRoot, env, timeout: 170_000 });
    return { code: 0, lines: stdout.split('\n'), ms: Date.now() - started };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string; killed?: boolean };
    if (failed.killed) throw new Error(`catastro sources check ${args.join(' ')} did not end`);
    return { code: failed.code ?? -1, lines: `${failed.stdout ?? ''}${failed.stderr ?? ''}`.split('\n'), ms: Date.now() - started };
  }
}

/** The table's line of a country's capability: [answered, matches, ms]. */
function row(lines: string[], country: string, capability: string): { answered: string; matches: string; ms: number; next: string } {
  const index = lines.findIndex((line) => line.startsWith(`${country} `) && line.includes(` ${capability} `));
  expect(index, `${country} ${capability} in\n${lines.join('\n')}`).toBeGreaterThanOrEqual(0);
  const match = new RegExp(`^${country}\\s+${capability}\\s+(yes|NO)\\s+(yes|NO|-)\\s+(\\d+) ms`).exec(lines[index])!;
  return { answered: match[1], matches: match[2], ms: Number(match[3]), next: lines[index + 1] ?? '' };
}

describe('catastro sources check against the fakes', () => {
  it("checks every country's capabilities; every row matches but the two whose recordings hold no parcel under the address", async () => {
    const { code, lines } = await sourcesCheck([], environment());
    const rows = lines.filter((line) => /^[A-Z]{2} /.test(line));
    // Every "yes" of every coverage row is a row: 31 countries, 87 lookups (AT none by reference: docs/coverage.md).
    expect(rows.length).toBe(87);
    const failing = rows
      .filter((line) => !/\s+yes\s+yes\s+\d+ ms/.test(line))
      .map((line) =>
        line
          .split(/\s{2,}/)
          .slice(0, 2)
          .join(' '),
      );
    expect(failing).toEqual(['IT by address', 'LU by address']);
    expect(code).toBe(1);
    expect(lines).toContain('2 of 87 lookups did not answer the known answer.');
  }, 180_000);

  it('exits 0 when every row of the countries asked matches', async () => {
    const { code, lines } = await sourcesCheck(['--country', 'es,fr', '--country', 'PL'], environment());
    expect(lines.filter((line) => /^[A-Z]{2} /.test(line)).map((line) => line.slice(0, 2))).toEqual([
      'ES',
      'ES',
      'ES',
      'ES',
      'FR',
      'FR',
      'FR',
      'PL',
      'PL',
      'PL',
    ]);
    expect(lines).toContain('All 10 lookups answered the known answer.');
    expect(code).toBe(0);
  }, 120_000);

  it('a service that changed its answer\'s shape (a renamed attribute, a moved outline) makes its rows "does not match" and the exit code 1', async () => {
    const { code, lines } = await sourcesCheck(['--country', 'FR'], environment({ fr: frenchSources(changedFrance.url) }));
    const byReference = row(lines, 'FR', 'by reference');
    expect([byReference.answered, byReference.matches]).toEqual(['yes', 'NO']);
    expect(byReference.next).toMatch(/^ {4}does not match: centre 3\d\d m from the recorded one \(±25 m\); municipality missing, expected Penmarch$/);
    expect(code).toBe(1);
  }, 120_000);

  it('a source that never answers is "not answered" with the time it was given, and the check ends', async () => {
    const { code, lines, ms } = await sourcesCheck(['--country', 'PL', '--timeout', '2'], environment({ pl: polishSources(silentPoland.url) }));
    const byReference = row(lines, 'PL', 'by reference');
    expect([byReference.answered, byReference.matches]).toEqual(['NO', '-']);
    expect(byReference.ms).toBeGreaterThanOrEqual(2000);
    expect(byReference.next).toBe('    not answered: no answer within 2 s');
    expect(code).toBe(1);
    // Three lookups bounded at 2 s each, not the ten minutes the fake would take.
    expect(ms).toBeLessThan(60_000);
  }, 120_000);

  it('refuses a code outside the coverage table in one line', async () => {
    const { code, lines } = await sourcesCheck(['--country', 'XX'], environment());
    expect(code).toBe(1);
    expect(lines.join('\n')).toMatch(/VALIDATION_ERROR: .*XX is not a country code of the coverage table/);
  });
});
