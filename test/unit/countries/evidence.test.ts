import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EVIDENCED_CAPABILITIES, type Evidence } from '../../../core/countries/evidence.js';
import { COUNTRIES, CountryRegistry } from '../../../core/countries/registry.js';
import type { CountryCode } from '../../../core/model/index.js';
import { COVERAGE_DOC, coverageMarkdown } from '../../../scripts/coverage-table.js';
import { fixturesDir, repoRoot } from '../../helpers/paths.js';

/**
 * Each country's evidence (core/countries/<code>/evidence.ts) against what the tests really
 * replay: the fakes it names, the fixtures those fakes read, and the provenance rows of those
 * fixtures; and docs/coverage.md against what scripts/coverage-table.ts writes from it.
 */
const ROOT = repoRoot;
const FIXTURES = fixturesDir;
const FAKES = path.join(ROOT, 'test', 'fake-upstream');
const COUNTRY_DIRS = path.join(ROOT, 'core', 'countries');
/** A country's own fake and helpers, beside its row (core/countries/<cc>/test/). */
const isCountryTestFile = (file: string) => /^[a-z]{2}[\\/]test[\\/]/.test(path.relative(COUNTRY_DIRS, file));
const registry = CountryRegistry.create();

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * Where recordings live: test/fixtures (a file named by its path there, `countries/fr_….json`) and
 * each country folder's own `test/recordings/` (named by its path in the repository,
 * `core/countries/lu/test/recordings/lu_….json`). Each root's PROVENANCE.md files hold their rows.
 */
const RECORDING_ROOTS: { dir: string; prefix: string }[] = [
  { dir: FIXTURES, prefix: '' },
  ...readdirSync(COUNTRY_DIRS)
    .map((code) => path.join(COUNTRY_DIRS, code, 'test', 'recordings'))
    .filter((dir) => existsSync(dir))
    .map((dir) => ({ dir, prefix: `${path.relative(ROOT, dir).split(path.sep).join('/')}/` })),
];

/** A file's name as evidence names it: its root's prefix and its path under that root. */
const recordingName = (root: { dir: string; prefix: string }, file: string) => `${root.prefix}${path.relative(root.dir, file).split(path.sep).join('/')}`;

/** Every recording, as evidence names it. */
const FIXTURE_FILES = RECORDING_ROOTS.flatMap((root) =>
  filesUnder(root.dir)
    .filter((f) => !f.endsWith('PROVENANCE.md') && !f.endsWith('README.md'))
    .map((f) => recordingName(root, f)),
);

interface ProvenanceRow {
  file: string;
  source: string;
  commit: string;
  kind: string;
}

/** The rows of every PROVENANCE.md table of the recording roots whose first cell names a file, keyed by the name evidence gives it. */
const PROVENANCE: Map<string, ProvenanceRow> = (() => {
  const rows = new Map<string, ProvenanceRow>();
  for (const root of RECORDING_ROOTS) {
    for (const file of filesUnder(root.dir).filter((f) => path.basename(f) === 'PROVENANCE.md')) {
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        if (!line.startsWith('| ') || line.startsWith('|---')) continue;
        const cells = line
          .split(/(?<!\\)\|/)
          .slice(1, -1)
          .map((c) => c.trim());
        if (cells.length < 7) continue;
        const key = recordingName(root, path.join(path.dirname(file), cells[0]));
        // Counted from the end: a description cell may quote an answer's own `|`.
        const [source, , commit, , kind] = cells.slice(-5);
        rows.set(key, { file: key, source, commit, kind });
      }
    }
  }
  return rows;
})();

/** The fake's file (the part of `fake` before its routes). */
const fakeFile = (evidence: Evidence) => path.join(ROOT, evidence.fake.split(' ')[0]);

/** A fake's source and the sources of the fakes it imports (under test/fake-upstream or a country folder's test/). */
function fakeSources(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file) || !existsSync(file)) return [];
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  const imports = [...text.matchAll(/from '(\.{1,2}\/[^']+)\.js'/g)].map((m) => path.resolve(path.dirname(file), `${m[1]}.ts`));
  return [text, ...imports.filter((f) => f.startsWith(FAKES) || isCountryTestFile(f)).flatMap((f) => fakeSources(f, seen))];
}

/** The fixtures a fake's code names (its own and those of the fakes it imports). */
function fixturesReadBy(file: string): string[] {
  const sources = fakeSources(file).join('\n');
  return FIXTURE_FILES.filter((f) => new RegExp(`['"\`/]${path.basename(f).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"\`]`).test(sources));
}

/** The country a fixture's name says it is an answer of (es-pv_ → PV, es_ or A.ES. → ES, fr_ → FR…), if any. */
function countryOfFixture(file: string): CountryCode | undefined {
  const name = path.basename(file);
  const foral = /^es-(pv|na)_/.exec(name);
  if (foral) return foral[1].toUpperCase() as CountryCode;
  if (/^A\.ES\./.test(name)) return 'ES';
  const code = /^([a-z]{2})_/.exec(name)?.[1].toUpperCase();
  return code && registry.find(code as CountryCode) ? (code as CountryCode) : undefined;
}

const entries = COUNTRIES.flatMap(({ code, evidence }) => [
  ...Object.entries(evidence.capabilities).map(([what, e]) => [code, what, e] as const),
  ...Object.entries(evidence.extras ?? {}).map(([what, e]) => [code, `extra ${what}`, e] as const),
]);

describe("every country's evidence", () => {
  it('docs/coverage.md is what scripts/coverage-table.ts writes now (run npx tsx scripts/coverage-table.ts)', () => {
    expect(readFileSync(COVERAGE_DOC, 'utf8')).toBe(coverageMarkdown());
  });

  it.each(COUNTRIES.map((c) => [c.code, c] as const))('%s: a capability its coverage row says yes to has evidence, and only those', (code, country) => {
    const adapter = registry.find(code)!;
    for (const capability of EVIDENCED_CAPABILITIES) {
      expect(country.evidence.capabilities[capability] !== undefined, `${code} ${capability}: coverage ${adapter.coverage[capability]}`).toBe(
        adapter.coverage[capability],
      );
    }
  });

  it.each(entries)('%s %s: its fake and fixtures exist, and each fixture has a provenance row', (_code, _what, evidence) => {
    expect(existsSync(fakeFile(evidence)), evidence.fake).toBe(true);
    for (const file of evidence.fixtures ?? []) {
      expect(FIXTURE_FILES, file).toContain(file);
      expect(PROVENANCE.get(file), `${file} has no row in a PROVENANCE.md beside it`).toBeDefined();
    }
  });

  it.each(entries.filter(([, , e]) => e.level === 'recorded'))(
    '%s %s: recorded evidence is real recordings with their source, which its fake replays',
    (_code, _what, evidence) => {
      expect(evidence.fixtures?.length ?? 0).toBeGreaterThan(0);
      const read = fixturesReadBy(fakeFile(evidence));
      for (const file of evidence.fixtures!) {
        const row = PROVENANCE.get(file)!;
        expect(row.kind, `${file}: ${row.kind}`).toMatch(/\breal\b/i);
        expect(row.kind, `${file}: ${row.kind}`).not.toMatch(/hand-written|written by hand/i);
        expect(row.source, `${file}: a repository (owner/name) or URL`).toMatch(/^[\w.-]+\/[\w.-]+$|https?:\/\//);
        expect(row.commit, `${file}: a commit or a date`).toMatch(/\b[0-9a-f]{7,40}\b|\d{4}-\d{2}-\d{2}/);
        expect(read, `${evidence.fake} replays ${file}`).toContain(file);
      }
    },
  );

  it.each(entries)("%s %s: no fake answers it with another country's recording, re-labelled", (code, _what, evidence) => {
    // A fake file may play several countries (foral.ts: PV and NA): it may read the answers of those.
    const played = new Set(entries.filter(([, , e]) => fakeFile(e) === fakeFile(evidence)).map(([c]) => c));
    expect(
      (evidence.fixtures ?? []).every((file) => [undefined, code].includes(countryOfFixture(file))),
      "its own fixtures are its country's",
    ).toBe(true);
    for (const file of fixturesReadBy(fakeFile(evidence))) {
      const owner = countryOfFixture(file);
      expect(owner === undefined || played.has(owner), `${evidence.fake} answers ${code} with ${file}, an answer of ${owner}`).toBe(true);
    }
  });
});

describe('the relabelling check itself', () => {
  it('sees a fixture a fake reads through the fakes it imports, and whose country it is', () => {
    expect(fixturesReadBy(path.join(COUNTRY_DIRS, 'na', 'test', 'fake.ts'))).toContain('core/countries/na/test/recordings/es-na_rrtn_cp_gml_217050626.gml');
    // From a country folder's fake through the test/fake-upstream fake it imports (Spain's plays catastro.ts).
    expect(fixturesReadBy(path.join(COUNTRY_DIRS, 'es', 'test', 'fake.ts'))).toContain('es_catastro_wfs_getparcel_8429105VK1882N.gml');
    expect(fixturesReadBy(path.join(FAKES, 'catastro.ts'))).toContain('es_catastro_wfs_getparcel_8429105VK1882N.gml');
    expect(countryOfFixture('es_catastro_wfs_getparcel_8429105VK1882N.gml')).toBe('ES');
    expect(countryOfFixture('core/countries/pv/test/recordings/es-pv_araba-geoaraba-wfs_getfeature_cp_64010007.xml')).toBe('PV');
    expect(countryOfFixture('analysis/pvgis_pvcalc_31.23_121.47_fixed_slope0_SolarPrice-Insight.json')).toBeUndefined();
  });
});
