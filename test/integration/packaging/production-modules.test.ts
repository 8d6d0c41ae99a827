// The compiled app loads with the production dependencies only. The app is compiled here
// (tsconfig.build.json, as `npm run build:app`) into a folder whose node_modules holds just the
// packages of package.json "dependencies" (links to the installed ones): a run-time import of a
// devDependency, or of a package only present because something else pulled it in, fails to
// resolve there as it would in a production install or in the packaged app.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../helpers/paths.js';

const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string; dependencies: Record<string, string> };
let app: string;

const node = (args: string[]) => spawnSync(process.execPath, args, { cwd: app, encoding: 'utf8', timeout: 120_000 });

/** Every compiled module under dist/app/<dir>, as paths relative to the app. */
function compiledModules(dir: string): string[] {
  return readdirSync(path.join(app, 'dist/app', dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => path.relative(app, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

beforeAll(() => {
  app = mkdtempSync(path.join(os.tmpdir(), 'catastro-production-'));
  const tsc = spawnSync(
    process.execPath,
    [path.join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', path.join(repoRoot, 'tsconfig.build.json'), '--outDir', path.join(app, 'dist/app')],
    { encoding: 'utf8', timeout: 240_000 },
  );
  expect(tsc.status, tsc.stdout + tsc.stderr).toBe(0);
  cpSync(path.join(repoRoot, 'package.json'), path.join(app, 'package.json'));
  symlinkSync(path.join(repoRoot, 'resources'), path.join(app, 'resources'));
  for (const name of Object.keys(manifest.dependencies)) {
    mkdirSync(path.dirname(path.join(app, 'node_modules', name)), { recursive: true });
    symlinkSync(path.join(repoRoot, 'node_modules', name), path.join(app, 'node_modules', name), 'dir');
  }
}, 300_000);
afterAll(() => {
  if (app) rmSync(app, { recursive: true, force: true });
});

describe('the compiled app with production dependencies only', () => {
  it("the compiled CLI runs: catastro --version prints package.json's version", () => {
    const run = node(['dist/app/cli/main.js', '--version']);
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe(manifest.version);
  });

  it("every compiled core and CLI module loads and runs its top level (the CLI's commands load theirs lazily)", () => {
    const modules = [...compiledModules('core'), ...compiledModules('cli').filter((file) => file !== 'dist/app/cli/main.js')];
    expect(modules.length).toBeGreaterThan(50);
    const script = `for (const m of ${JSON.stringify(modules)}) await import('./' + m); console.log('loaded', ${modules.length});`;
    const run = node(['--input-type=module', '-e', script]);
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe(`loaded ${modules.length}`);
  });

  it('the compiled main process resolves everything it imports up to Electron itself', () => {
    // 'electron' is given by the Electron binary at run time: here a stand-in that stops the
    // evaluation. ES modules resolve their whole static graph before evaluating any of it, so
    // reaching the stand-in proves every other import of the main process resolved.
    const mainModules = compiledModules('electron');
    const names = new Set<string>();
    for (const file of mainModules) {
      for (const match of readFileSync(path.join(app, file), 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'electron'/g)) {
        for (const name of match[1].split(',')) if (name.trim()) names.add(name.trim().split(/\s+as\s+/)[0]);
      }
    }
    const standIn = `export const ${[...names].map((n) => `${n} = undefined`).join(', ')}; throw new Error('ELECTRON REQUIRED HERE');`;
    writeFileSync(
      path.join(app, 'electron-hooks.mjs'),
      `export async function resolve(specifier, context, next) {
      if (specifier === 'electron') return { url: 'data:text/javascript,' + encodeURIComponent(${JSON.stringify(standIn)}), shortCircuit: true };
      return next(specifier, context);
    }`,
    );
    writeFileSync(path.join(app, 'register-hooks.mjs'), `import { register } from 'node:module'; register('./electron-hooks.mjs', import.meta.url);`);
    const script = `const outcome = {};
      for (const m of ${JSON.stringify(mainModules)}) {
        try { await import('./' + m); outcome[m] = 'loaded'; } catch (e) { outcome[m] = e.message; }
      }
      console.log(JSON.stringify(outcome));`;
    const run = node(['--import', './register-hooks.mjs', '--input-type=module', '-e', script]);
    const outcome = JSON.parse(run.stdout) as Record<string, string>;
    expect(outcome['dist/app/electron/main.js']).toBe('ELECTRON REQUIRED HERE');
    for (const [file, result] of Object.entries(outcome)) expect(['loaded', 'ELECTRON REQUIRED HERE'], file).toContain(result);
  });
});
