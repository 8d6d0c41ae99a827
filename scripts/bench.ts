// `npm run bench`: prints the project's figures (not a test). Runs each benchmark script in
// its own process, one after the other, so they do not compete for the two cores.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { benchDir } from './bench-temp-dir.js';

const dir = benchDir('catastro-bench-');
const run = (script: string, args: string[] = [], env: Record<string, string> = {}) => {
  console.log(`\n## ${script} ${args.join(' ')}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) console.log(`(${script} exited ${result.status})`);
};

// `npm run bench -- --store postgres`: only the team store side by side with SQLite and GDAL (issue #18).
const storeArg = process.argv.indexOf('--store');
if (storeArg !== -1 && /^postgres/.test(process.argv[storeArg + 1] ?? '')) {
  run('scripts/bench-team.ts');
  process.exit(0);
}

if (existsSync('scripts/bench-import.ts')) run('scripts/bench-import.ts');
run('scripts/bench-store.ts', [], { BENCH_DIR: dir });
// The team store (PostgreSQL/PostGIS) beside the SQLite copy in the same run (issue #41 item 5);
// it says why and stops when PostgreSQL, PostGIS or /usr/bin/time are missing.
run('scripts/bench-team.ts');
for (const workers of ['1', '2']) run('scripts/bench-http.ts', ['--data', dir, '--workers', workers, '--seconds', '10']);
if (existsSync('scripts/bench-terrain.ts')) run('scripts/bench-terrain.ts');
run('scripts/bench-tiles.ts');
run('scripts/bench-cat.ts');
// The renderer in Chromium with software rendering (issue #40): needs `npm run build:renderer` first.
// `npm run bench -- --renderer-before DIR` (a build of an older renderer, as docs/performance.md
// says) alternates it with dist/renderer and prints each figure beside its own.
const beforeArg = process.argv.indexOf('--renderer-before');
const rendererBefore = beforeArg === -1 ? [] : ['--static', process.argv[beforeArg + 1], '--static', 'dist/renderer'];
if (existsSync('dist/renderer/index.html') && existsSync('/usr/bin/chromium')) run('scripts/bench-renderer.ts', ['--runs', '5', ...rendererBefore]);
else console.log('\n## scripts/bench-renderer.ts skipped: build the renderer (npm run build:renderer) and install Chromium');
