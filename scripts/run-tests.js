#!/usr/bin/env node
// The project's test command: type-check, lint, app build, unit + integration tests (vitest),
// renderer build, end-to-end tests (Playwright in Debian's Chromium). Prints one closing line
// "tests: N passed, N failed, N skipped" summing vitest and Playwright.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const reportDir = path.resolve('test-results');
mkdirSync(reportDir, { recursive: true });
const failures = [];
const totals = { passed: 0, failed: 0, skipped: 0 };

function step(name, command, args, env = {}) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failures.push(`${name} (exit ${result.status})`);
  return result.status === 0;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

step('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
step('renderer typecheck', 'npx', ['tsc', '--noEmit', '-p', 'renderer/tsconfig.json']);
step('lint', 'npx', ['eslint', '.']);
// One code style (.prettierrc.json); `npm run format` writes it.
step('format', 'npx', ['prettier', '--check', '.']);
// Files, exports and dependencies nothing uses (knip.json names the entry points).
step('dead code', 'npx', ['knip', '--no-progress']);

// The compiled core, CLI and Electron main process (dist/app): bin/catastro.js, which tests and
// the e2e setup spawn, runs this build when it is current.
step('app build', 'npm', ['run', 'build:app']);

const vitestReport = path.join(reportDir, 'vitest.json');
step('unit and integration tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${vitestReport}`]);
const vitest = readJson(vitestReport);
if (vitest) {
  totals.passed += vitest.numPassedTests ?? 0;
  totals.failed += vitest.numFailedTests ?? 0;
  totals.skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
}

if (existsSync('playwright.config.ts')) {
  if (step('renderer build', 'npm', ['run', 'build:renderer'])) {
    const playwrightReport = path.join(reportDir, 'playwright.json');
    step('end-to-end tests', 'npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport });
    const stats = readJson(playwrightReport)?.stats;
    if (stats) {
      totals.passed += stats.expected ?? 0;
      totals.failed += (stats.unexpected ?? 0) + (stats.flaky ?? 0);
      totals.skipped += stats.skipped ?? 0;
    }
  }
}

if (failures.length > 0) console.log(`\nFailed steps: ${failures.join(', ')}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length > 0 || totals.failed > 0 || totals.passed === 0 ? 1 : 0);
