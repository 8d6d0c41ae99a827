// A bulk import starts in its own process (`catastro import`, the import worker): every module
// it loads is start-up time before the first parcel. The schema library alone was about 200
// modules and a sixth of a published municipal zip's import CPU (docs/performance.md), loaded
// only for two degree ranges. This lists the modules the import path really loads, in a fresh
// Node process, through a module hook that writes each resolved URL to a file.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../helpers/paths.js';
import { tempDir } from '../../helpers/temp-dir.js';

const HOOK = `
import { appendFileSync } from 'node:fs';
let file;
export function initialize(data) { file = data.file; }
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(file, resolved.url + '\\n');
  return resolved;
}`;

function modulesLoadedBy(...entries: string[]): string[] {
  const file = path.join(tempDir('import-path-modules-'), 'urls.txt');
  const register = `import { register } from 'node:module'; register(${JSON.stringify('data:text/javascript,' + encodeURIComponent(HOOK))}, { data: { file: ${JSON.stringify(file)} } });`;
  const run = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--import',
      'data:text/javascript,' + encodeURIComponent(register),
      '--input-type=module',
      '-e',
      entries.map((entry) => `await import(${JSON.stringify(pathToFileURL(entry).href)});`).join('\n'),
    ],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  expect(run.status, run.stderr).toBe(0);
  return [...new Set(readFileSync(file, 'utf8').split('\n').filter(Boolean))];
}

describe('the bulk import path', () => {
  it('loads the store and its readers without the HTTP/IPC schema library', () => {
    // What `catastro import` and scripts/import-once.ts load: the national formats and the copy.
    const loaded = modulesLoadedBy(path.join(repoRoot, 'core/countries/import-formats.ts'), path.join(repoRoot, 'core/store/parcel-store.ts'));
    for (const piece of ['/core/store/parcel-store.', '/core/store/import-runner.', '/core/formats/inspire-parcel-reader.']) {
      expect(
        loaded.some((url) => url.includes(piece)),
        piece,
      ).toBe(true);
    }
    expect(loaded.filter((url) => url.includes('@sinclair/typebox'))).toEqual([]);
  }, 60_000);
});
