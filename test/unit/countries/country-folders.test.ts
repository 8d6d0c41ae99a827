import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../../core/countries/registry.js';
import { countryFakeOf } from '../../fake-upstream/countries/country-fakes.js';
import { repoRoot } from '../../helpers/paths.js';

const COUNTRIES_DIR = path.join(repoRoot, 'core', 'countries');

/** The cadastres whose flow differs from the generic adapter's keep a class (adapter.ts) and its definition.ts. */
const CLASS_COUNTRIES = new Set(['es', 'fr', 'dk', 'uk']);

/** Every country folder: a two-letter lower-case folder under core/countries. */
const FOLDERS = readdirSync(COUNTRIES_DIR).filter((name) => /^[a-z]{2}$/.test(name) && statSync(path.join(COUNTRIES_DIR, name)).isDirectory());

const has = (folder: string, file: string) => existsSync(path.join(COUNTRIES_DIR, folder, file));

/** What a folder holds of its own tests: its fake, its recordings or the note that its fake is hand-written, and its test. */
function missingTests(folder: string): string[] {
  return [
    ...(has(folder, 'test/fake.ts') ? [] : ["test/fake.ts (its fake's routes)"]),
    ...(has(folder, 'test/recordings/PROVENANCE.md') || has(folder, 'test/HAND-WRITTEN.md')
      ? []
      : ['test/recordings/ with PROVENANCE.md, or test/HAND-WRITTEN.md']),
    ...(has(folder, `test/${folder}.test.ts`) ? [] : [`test/${folder}.test.ts (its golden tests)`]),
  ];
}

describe('each country folder holds its row and its tests', () => {
  it("finds the registry's countries as folders", () => {
    for (const { code } of COUNTRIES) expect(FOLDERS, code).toContain(code.toLowerCase());
  });

  it.each(FOLDERS)('%s has its row (country.ts), or its class and definition where the flow differs', (folder) => {
    if (CLASS_COUNTRIES.has(folder)) {
      expect(has(folder, 'adapter.ts') && has(folder, 'definition.ts'), `${folder}: adapter.ts and definition.ts`).toBe(true);
    } else {
      expect(has(folder, 'country.ts'), `${folder}/country.ts`).toBe(true);
      expect(has(folder, 'adapter.ts') || has(folder, 'definition.ts'), `${folder} keeps a class beside its row`).toBe(false);
    }
  });

  it.each(FOLDERS)('%s holds its fake, its recordings (or says its fake is hand-written) and its tests', (folder) => {
    expect(missingTests(folder), `${folder} lacks`).toEqual([]);
  });

  // The fake Europe (test/fake-upstream/countries/europe.ts) plays every registered country by this export alone.
  it.each(COUNTRIES.map(({ code }) => code))("%s's test/fake.ts exports `fake`: its routes and its sources(base)", async (code) => {
    const fake = await countryFakeOf(code);
    expect(fake.routes.length, `${code}: routes`).toBeGreaterThan(0);
    expect(Object.keys(fake.sources('http://127.0.0.1:1')).length, `${code}: sources`).toBeGreaterThan(0);
  });
});
