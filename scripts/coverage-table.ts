/**
 * Writes docs/coverage.md from the registry's coverage rows and each country's evidence
 * (core/countries/<code>/evidence.ts), and prints how many capabilities stand on each level of
 * evidence. `npm test` fails when docs/coverage.md is not what this writes
 * (test/unit/countries/evidence.test.ts).
 *
 *   npx tsx scripts/coverage-table.ts          # write docs/coverage.md, print the counts
 *   npx tsx scripts/coverage-table.ts --check  # exit 1 when docs/coverage.md is stale
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  EVIDENCE_LEVELS,
  EVIDENCED_CAPABILITIES,
  type CountryEvidence,
  type Evidence,
  type EvidenceLevel,
  type EvidencedCapability,
} from '../core/countries/evidence.js';
import { COUNTRIES, CountryRegistry } from '../core/countries/registry.js';

export const COVERAGE_DOC = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'coverage.md');

const CAPABILITY_NAMES: Record<EvidencedCapability, string> = {
  byReference: 'By reference',
  byCoordinates: 'By coordinates',
  byAddress: 'By address',
  units: 'Units',
};

/** Every evidence entry of every country: its capabilities and its extra data. */
export function evidenceEntries(): { code: string; what: string; evidence: Evidence }[] {
  return COUNTRIES.flatMap(({ code, evidence }) => [
    ...EVIDENCED_CAPABILITIES.flatMap((capability) => {
      const entry = evidence.capabilities[capability];
      return entry ? [{ code, what: CAPABILITY_NAMES[capability], evidence: entry }] : [];
    }),
    ...Object.entries(evidence.extras ?? {}).map(([what, entry]) => ({ code, what: `Extra: ${what}`, evidence: entry })),
  ]);
}

export function levelCounts(): Record<EvidenceLevel, number> {
  const counts = Object.fromEntries(EVIDENCE_LEVELS.map((level) => [level, 0])) as Record<EvidenceLevel, number>;
  for (const { evidence } of evidenceEntries()) counts[evidence.level]++;
  return counts;
}

/** Markdown table cells must not break the row. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function capabilityCell(covered: boolean, evidence: Evidence | undefined): string {
  if (!covered) return 'no';
  return evidence ? `yes: ${evidence.level}` : 'yes: **no evidence**';
}

function extrasCell(evidence: CountryEvidence): string {
  const extras = Object.entries(evidence.extras ?? {});
  return extras.length === 0 ? '' : extras.map(([what, e]) => `${what}: ${e.level}`).join('; ');
}

/** docs/coverage.md as the code says it today. */
export function coverageMarkdown(): string {
  const registry = CountryRegistry.create();
  const counts = levelCounts();
  const lines = [
    '# Coverage and evidence by country',
    '',
    "Written by `scripts/coverage-table.ts` from the registry's coverage rows (`core/countries/<code>/adapter.ts`)",
    "and each country's evidence (`core/countries/<code>/evidence.ts`); `npm test` fails when this file is not what the",
    'script writes. Do not edit it by hand: change the code, then run `npx tsx scripts/coverage-table.ts`.',
    '',
    'Evidence is what the tests replay for a capability:',
    '',
    '- **recorded**: answers the real service gave, byte for byte, each file with its row in the PROVENANCE.md beside it (`test/fixtures/**` or `core/countries/<code>/test/recordings/`);',
    "- **documented**: nothing was recorded; answers written by hand to the operator's published format or schema;",
    '- **hand-written**: nothing was recorded and no published format was found: answers as public client code reads them, or a guess.',
    '',
    `Capabilities and extra data by level: ${EVIDENCE_LEVELS.map((level) => `${counts[level]} ${level}`).join(', ')}.`,
    '',
    '## Countries',
    '',
    '| Country | Code | By reference | By coordinates | By address | Units | Extra data | Source and protocol | Known not to work |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const { code, evidence } of COUNTRIES) {
    const adapter = registry.find(code)!;
    const capabilities = EVIDENCED_CAPABILITIES.map((c) => capabilityCell(adapter.coverage[c], evidence.capabilities[c]));
    lines.push(`| ${[adapter.name, code, ...capabilities, extrasCell(evidence), evidence.source, evidence.knownNotWorking.join(' ')].map(cell).join(' | ')} |`);
  }
  lines.push('', '## Evidence of each capability', '', '| Code | Capability | Level | Fake | Fixtures | Basis |', '|---|---|---|---|---|---|');
  for (const { code, what, evidence } of evidenceEntries()) {
    const fixtures = (evidence.fixtures ?? []).map((f) => `\`${f}\``).join(', ');
    lines.push(`| ${[code, what, evidence.level, `\`${evidence.fake}\``, fixtures, evidence.basis ?? ''].map(cell).join(' | ')} |`);
  }
  lines.push(
    '',
    '## References detected',
    '',
    "The references of each country's evidence, which `test/unit/countries/detection-by-evidence.test.ts` detects without `?country=`:",
    '',
    '| Code | Reference | Read from |',
    '|---|---|---|',
  );
  for (const { code, evidence } of COUNTRIES) {
    for (const { ref, from } of evidence.references) lines.push(`| ${[code, `\`${ref}\``, from].map(cell).join(' | ')} |`);
  }
  return `${lines.join('\n')}\n`;
}

function main(): void {
  const markdown = coverageMarkdown();
  const counts = levelCounts();
  console.log(EVIDENCE_LEVELS.map((level) => `${level}: ${counts[level]}`).join('\n'));
  if (process.argv.includes('--check')) {
    const current = readFileSync(COVERAGE_DOC, 'utf8');
    if (current !== markdown) {
      console.error('docs/coverage.md is not what scripts/coverage-table.ts writes: run npx tsx scripts/coverage-table.ts');
      process.exitCode = 1;
    }
    return;
  }
  writeFileSync(COVERAGE_DOC, markdown);
  console.log(`wrote ${path.relative(process.cwd(), COVERAGE_DOC)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
