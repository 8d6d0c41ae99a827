// Prints the import rate against GDAL (not a test), on distinct parcels only (issue #41):
//   - the real Segovia (40146) parcels as COPIES shifted copies with distinct references
//     (test/helpers/segovia-copies.ts; 100 copies = 144,300 parcels, 318 MB of GML), and
//   - the municipality's zip as the Catastro publishes it (parcels GML and metadata,
//     test/helpers/catastro-zips.ts), 1,443 parcels: most published files are this small.
// Each is imported by the copy's importer compiled as the desktop app ships it (plain JS, no tsx)
// into a fresh copy, and converted by `ogr2ogr` from the same file to an indexed GeoPackage
// (reprojected to EPSG:4326, spatial index on), in turn (3 rounds of ours then GDAL's), each under
// `/usr/bin/time -v` (wall, CPU, peak resident memory), on two cores and pinned to one (taskset).
// Both counts are checked: the parcels the import reports and the copy holds, and GDAL's feature
// count, must be the parcels written. GDAL gets its best case: a warm-up run first writes the .gfs
// schema file it then reuses (not possible inside a zip). Ratios are per round, as median (range):
// the machine is shared, so only figures measured side by side carry over.
// A re-import of the unchanged file (the update path: rows already there) is a separate, labelled figure.
// The zip is also imported by `catastro import` itself (the compiled CLI, into a fresh data folder),
// in the same rounds: what a user runs, with the CLI's own start-up (commander, its options' modules),
// and by one running process nine times over (scripts/import-in-process.ts), as the app and `serve`
// import a dropped zip: its warm imports' CPU beside GDAL's, labelled apart from the fresh process's.
// Environment: BENCH_IMPORT_COPIES (default 100; "25,100"), BENCH_IMPORT_RUNS (3), BENCH_IMPORT_CORES ("2,1").
import Database from 'better-sqlite3';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { writeSegoviaZips } from '../test/helpers/catastro-zips.js';
import { shiftedCopies } from '../test/helpers/segovia-copies.js';
import { medianRange, timed, type Measured } from './bench-import-data.js';
import { benchDir } from './bench-temp-dir.js';
import { loadAverages } from './load-average.js';

const RUNS = Number(process.env.BENCH_IMPORT_RUNS ?? 3);
const COPIES = (process.env.BENCH_IMPORT_COPIES ?? '100').split(',').map(Number);
const CORES = (process.env.BENCH_IMPORT_CORES ?? '2,1').split(',').map(Number);
const SEGOVIA_PARCELS = 1443;
const dir = benchDir('catastro-bench-import-', process.env.BENCH_DIR);

interface Case {
  label: string;
  file: string;
  gdalInput: string;
  parcels: number;
  gfs?: string;
  /** Also timed through `catastro import` (the published zip: start-up is most of its cost). */
  cli?: boolean;
}

if (!existsSync('/usr/bin/time') || spawnSync('ogr2ogr', ['--version']).status !== 0) {
  console.log('import vs GDAL: needs /usr/bin/time (Debian "time") and ogr2ogr (Debian "gdal-bin"); skipped.');
  process.exit(0);
}
console.log('compiling the import path (tsc -p scripts/tsconfig.bench.json)…');
execFileSync(process.execPath, [path.resolve('node_modules/typescript/bin/tsc'), '-p', 'scripts/tsconfig.bench.json'], { stdio: 'inherit' });
console.log('compiling the CLI as the app ships it (tsc -p tsconfig.build.json: dist/app)…');
execFileSync(process.execPath, [path.resolve('node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
const importer = path.resolve('dist/bench/scripts/import-once.js');
const inProcess = path.resolve('dist/bench/scripts/import-in-process.js');
const cli = path.resolve('dist/app/cli/main.js');
const store = path.join(dir, 'import.sqlite');
const cliData = path.join(dir, 'cli-data');
const gpkg = path.join(dir, 'gdal.gpkg');

/** `command` on `cores` cores: one core is core 0 alone (taskset), as a one-thread machine would run it. */
const onCores = (cores: number, command: string, args: string[]): Measured =>
  cores === 1 ? timed('taskset', ['-c', '0', command, ...args]) : timed(command, args);

function importOnce(c: Case, cores: number, again = false): Measured {
  const run = onCores(cores, process.execPath, [importer, c.file, store, ...(again ? ['--again'] : [])]);
  const { parcels } = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { parcels: number };
  const stored = storedParcels(store);
  if (parcels !== c.parcels || stored !== c.parcels)
    throw new Error(`${c.label}: wrote ${c.parcels} parcels, the import reported ${parcels} and the copy holds ${stored}`);
  return run;
}

/** `catastro import FILE` into a fresh data folder, as a user runs it. */
function cliOnce(c: Case, cores: number): Measured {
  rmSync(cliData, { recursive: true, force: true });
  const run = onCores(cores, process.execPath, [cli, 'import', '--data', cliData, c.file]);
  const stored = storedParcels(path.join(cliData, 'catastro.sqlite'));
  if (!run.stdout.includes(`now holds ${c.parcels} parcels`) || stored !== c.parcels)
    throw new Error(`${c.label}: wrote ${c.parcels} parcels, catastro import said "${run.stdout.trim().split('\n').at(-1)}" and the copy holds ${stored}`);
  return run;
}

/** The file imported nine times by one process (a new copy each time): the CPU of its first and of a warm import. */
function inProcessOnce(c: Case, cores: number): { firstCpuS: number; warmCpuS: number } {
  const run = onCores(cores, process.execPath, [inProcess, c.file, dir]);
  const result = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { parcels: number; firstCpuS: number; warmCpuS: number };
  if (result.parcels !== c.parcels) throw new Error(`${c.label}: wrote ${c.parcels} parcels, the running process's imports reported ${result.parcels}`);
  return result;
}

/** Parcels the copy holds, counted here (not in the timed process, whose peak memory it would raise). */
function storedParcels(file: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('SELECT count(*) FROM parcels').pluck().get() as number;
  } finally {
    db.close();
  }
}

function gdalOnce(c: Case, cores: number): Measured {
  const run = onCores(cores, 'ogr2ogr', ['-f', 'GPKG', gpkg, c.gdalInput, '-t_srs', 'EPSG:4326', '-lco', 'SPATIAL_INDEX=YES', '-overwrite']);
  const info = execFileSync('ogrinfo', ['-so', '-al', gpkg], { encoding: 'utf8' });
  const features = Number(/Feature Count: (\d+)/.exec(info)?.[1]);
  if (features !== c.parcels) throw new Error(`${c.label}: wrote ${c.parcels} parcels, ogr2ogr's GeoPackage holds ${features}`);
  return run;
}

const describe = (m: Measured[], parcels: number) =>
  `${medianRange(
    m.map((x) => parcels / x.wallS),
    0,
  )} parcels/s; wall ${medianRange(m.map((x) => x.wallS))} s, CPU ${medianRange(m.map((x) => x.cpuS))} s, peak ${medianRange(
    m.map((x) => x.peakMiB),
    0,
  )} MiB`;

const cases: Case[] = [];
for (const copies of COPIES) {
  const { file, parcels } = await shiftedCopies(dir, copies);
  cases.push({
    label: `Segovia, ${copies} shifted copies, distinct references (${parcels.toLocaleString('en')} parcels, ${Math.round(statSync(file).size / 1e6)} MB GML)`,
    file,
    gdalInput: file,
    parcels,
    gfs: file.replace(/\.gml$/, '.gfs'),
  });
}
const { parcels: zip } = await writeSegoviaZips(dir);
cases.push({
  label: `published municipal zip A.ES.SDGC.CP.40146.zip (${SEGOVIA_PARCELS.toLocaleString('en')} parcels)`,
  file: zip,
  gdalInput: `/vsizip/${zip}/A.ES.SDGC.CP.40146.cadastralparcel.gml`,
  parcels: SEGOVIA_PARCELS,
  cli: true,
});

for (const c of cases) {
  console.log(`import ${c.label}`);
  for (const cores of CORES) {
    gdalOnce(c, cores); // warm-up: writes the .gfs GDAL reuses
    const ours: Measured[] = [];
    const gdal: Measured[] = [];
    const viaCli: Measured[] = [];
    const running: { firstCpuS: number; warmCpuS: number }[] = [];
    for (let round = 0; round < RUNS; round++) {
      ours.push(importOnce(c, cores));
      if (c.cli) viaCli.push(cliOnce(c, cores));
      if (c.cli) running.push(inProcessOnce(c, cores));
      gdal.push(gdalOnce(c, cores));
    }
    const wallRatios = ours.map((m, i) => gdal[i].wallS / m.wallS);
    const cpuRatios = ours.map((m, i) => gdal[i].cpuS / m.cpuS);
    console.log(
      [
        `  ${cores === 1 ? 'one core (taskset -c 0)' : `${cores} cores`}, ${RUNS} rounds, median (range):`,
        `    copy importer: ${describe(ours, c.parcels)}`,
        `    ogr2ogr:       ${describe(gdal, c.parcels)}`,
        `    ratio, ours / GDAL's rate: ${medianRange(wallRatios)}x (wall), ${medianRange(cpuRatios)}x per CPU second`,
        ...(c.cli
          ? [
              `    catastro import: ${describe(viaCli, c.parcels)}`,
              `    ratio, catastro import / GDAL's rate: ${medianRange(viaCli.map((m, i) => gdal[i].wallS / m.wallS))}x (wall), ${medianRange(
                viaCli.map((m, i) => gdal[i].cpuS / m.cpuS),
              )}x per CPU second`,
              `    inside a running process (the app's, serve's), CPU of one import: first ${medianRange(running.map((r) => r.firstCpuS))} s, warm ${medianRange(
                running.map((r) => r.warmCpuS),
              )} s`,
              `    ratio, a running process's warm import / GDAL's rate: ${medianRange(running.map((r, i) => gdal[i].cpuS / r.warmCpuS))}x per CPU second (first import: ${medianRange(
                running.map((r, i) => gdal[i].cpuS / r.firstCpuS),
              )}x)`,
            ]
          : []),
      ].join('\n'),
    );
    if (cores === CORES[0] && c.gfs) {
      // The update path, labelled apart: every row is already there, so it is not an import of new parcels.
      const again = Array.from({ length: RUNS }, () => importOnce(c, cores, true));
      console.log(
        `    re-import of the unchanged file (update path, rows already there; not comparable with GDAL's): wall ${medianRange(again.map((x) => x.wallS))} s, peak ${medianRange(
          again.map((x) => x.peakMiB),
          0,
        )} MiB`,
      );
    }
  }
  // Wall-time ratios only mean something next to the machine's load (2 shared cores here).
  console.log(`  ${loadAverages()} at the end`);
  if (c.gfs) rmSync(c.gfs, { force: true });
  rmSync(c.file, { force: true });
}
