// Which modules a piece of code loads in a fresh Node process: every module a command loads is
// start-up time before its work (docs/performance.md, the published zip's import).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from 'vitest';
import { repoRoot } from './paths.js';
import { writeSegoviaZips } from './catastro-zips.js';
import { tempDir } from './temp-dir.js';

/** A module hook that writes each resolved URL to a file (ES modules: imports, node: built-ins). */
const HOOK = `
import { appendFileSync } from 'node:fs';
let file;
export function initialize(data) { file = data.file; }
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(file, resolved.url + '\\n');
  return resolved;
}`;

/**
 * Every module URL resolved while `script` (an ES module's text) runs in a fresh Node process under
 * tsx (`loaded`), and the CommonJS files in require's cache when it exits (`required`: what
 * createRequire loads, better-sqlite3, proj4, ipaddr.js …; a command ending in process.exit() included).
 */
export function modulesLoadedRunning(script: string): { loaded: string[]; required: string[]; stdout: string } {
  const dir = tempDir('modules-loaded-');
  const file = path.join(dir, 'urls.txt');
  const requiredFile = path.join(dir, 'required.txt');
  const register = `import { register } from 'node:module'; register(${JSON.stringify('data:text/javascript,' + encodeURIComponent(HOOK))}, { data: { file: ${JSON.stringify(file)} } });`;
  const listRequired = `import { appendFileSync } from 'node:fs'; import { createRequire } from 'node:module'; import { pathToFileURL } from 'node:url';
process.on('exit', () => appendFileSync(${JSON.stringify(requiredFile)}, Object.keys(createRequire(import.meta.url).cache).map((f) => pathToFileURL(f).href + '\\n').join('')));`;
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--import', 'data:text/javascript,' + encodeURIComponent(register), '--input-type=module', '-e', `${listRequired}\n${script}`],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  expect(run.status, run.stderr).toBe(0);
  const lines = (name: string) => [...new Set(readFileSync(name, 'utf8').split('\n').filter(Boolean))];
  return { loaded: lines(file), required: lines(requiredFile), stdout: run.stdout };
}

export const modulesLoadedBy = (...entries: string[]): string[] =>
  modulesLoadedRunning(entries.map((entry) => `await import(${JSON.stringify(pathToFileURL(entry).href)});`).join('\n')).loaded;

/** The modules `catastro <argv…>` loads (the CLI's sources, as tsx runs them), and what it printed. */
export const modulesLoadedByCommand = (...argv: string[]) =>
  modulesLoadedRunning(
    `process.argv = ${JSON.stringify([process.execPath, 'catastro', ...argv])}; await import(${JSON.stringify(pathToFileURL(path.join(repoRoot, 'cli/main.ts')).href)});`,
  );

/** The modules `catastro import` of the published Segovia parcels zip into a new data folder loads; the import checked to have run. */
export async function modulesLoadedImportingZip(): Promise<{ loaded: string[]; required: string[] }> {
  const dir = tempDir('modules-loaded-import-');
  const { parcels: zip } = await writeSegoviaZips(dir);
  const { loaded, required, stdout } = modulesLoadedByCommand('import', '--data', path.join(dir, 'data'), zip);
  // The import really ran (not refused before reaching the store).
  expect(stdout).toContain('The local copy now holds 1443 parcels.');
  return { loaded, required };
}
