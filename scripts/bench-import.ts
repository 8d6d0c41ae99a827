// Prints the import rate against GDAL (not a test). The real Segovia (40146) parcels file is
// repeated 25 and 100 times (36,075 and 144,300 parcels); each size is imported by the copy's
// importer, compiled as the desktop app ships it (plain JS, no tsx), and converted by `ogr2ogr`
// to a GeoPackage with reprojection to EPSG:4326 and a spatial index, in turn, each under
// `/usr/bin/time -v` (wall time, CPU time, peak resident memory). GDAL gets its best case: a
// warm-up run first writes the .gfs schema file it then reuses. Figures are ratios of medians
// measured side by side in one run, as the machine is shared.
import { execFileSync, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchDir } from './bench-temp-dir.js';
import { finished } from 'node:stream/promises';
import { gunzipSync } from 'node:zlib';

const SAMPLE = path.resolve('resources/sample/A.ES.SDGC.CP.40146.cadastralparcel.gml.gz');
const RUNS = Number(process.env.BENCH_IMPORT_RUNS ?? 3);
const SIZES = (process.env.BENCH_IMPORT_SIZES ?? '25,100').split(',').map(Number);
const dir = benchDir('catastro-bench-import-', process.env.BENCH_DIR);

interface Measured { wallS: number; cpuS: number; peakMiB: number }

/** Runs a command under /usr/bin/time -v and reads its figures. */
function timed(command: string, args: string[]): Measured {
  const run = spawnSync('/usr/bin/time', ['-v', command, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (run.status !== 0) throw new Error(`${command} failed (${run.status}): ${run.stderr.slice(-2000)}`);
  const field = (name: string) => new RegExp(`${name}: (.+)`).exec(run.stderr)?.[1].trim() ?? '';
  const clock = field('Elapsed \\(wall clock\\) time \\(h:mm:ss or m:ss\\)').split(':').map(Number);
  const wallS = clock.reduce((total, part) => total * 60 + part, 0);
  return { wallS, cpuS: Number(field('User time \\(seconds\\)')) + Number(field('System time \\(seconds\\)')), peakMiB: Number(field('Maximum resident set size \\(kbytes\\)')) / 1024 };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function repeatedFile(times: number): Promise<{ file: string; parcels: number }> {
  const gml = gunzipSync(readFileSync(SAMPLE)).toString('utf8');
  const [start, end] = [gml.indexOf('<member>'), gml.lastIndexOf('</member>') + '</member>'.length];
  const file = path.join(dir, `segovia-x${times}.gml`);
  const out = createWriteStream(file);
  out.write(gml.slice(0, start));
  for (let i = 0; i < times; i++) out.write(gml.slice(start, end));
  out.end(gml.slice(end));
  await finished(out);
  return { file, parcels: (gml.split('<cp:CadastralParcel ').length - 1) * times };
}

const hasGdal = spawnSync('ogr2ogr', ['--version'], { encoding: 'utf8' }).status === 0;
const hasTime = existsSync('/usr/bin/time');
if (!hasTime) {
  console.log('import vs GDAL: /usr/bin/time is not installed (Debian package "time"); skipped.');
  process.exit(0);
}
console.log('compiling the import path (tsc -p scripts/tsconfig.bench.json)…');
execFileSync(process.execPath, [path.resolve('node_modules/typescript/bin/tsc'), '-p', 'scripts/tsconfig.bench.json'], { stdio: 'inherit' });
const importer = path.resolve('dist/bench/scripts/import-once.js');

for (const times of SIZES) {
  const { file, parcels } = await repeatedFile(times);
  const store = path.join(dir, 'import.sqlite');
  const gpkg = path.join(dir, 'gdal.gpkg');
  const gdalArgs = ['-f', 'GPKG', gpkg, file, '-t_srs', 'EPSG:4326', '-lco', 'SPATIAL_INDEX=YES', '-overwrite'];
  if (hasGdal) timed('ogr2ogr', gdalArgs); // warm-up: writes the .gfs GDAL reuses
  const ours: Measured[] = [];
  const gdal: Measured[] = [];
  for (let run = 0; run < RUNS; run++) {
    ours.push(timed(process.execPath, [importer, file, store]));
    if (hasGdal) gdal.push(timed('ogr2ogr', gdalArgs));
  }
  const oursWall = median(ours.map((m) => m.wallS));
  const line = [
    `import Segovia x${times} (${parcels.toLocaleString('en')} parcels, ${Math.round(readFileSync(file).length / 1e6)} MB GML):`,
    `copy importer ${Math.round(parcels / oursWall)} parcels/s (median wall ${oursWall.toFixed(2)} s, CPU ${median(ours.map((m) => m.cpuS)).toFixed(2)} s, peak ${Math.max(...ours.map((m) => m.peakMiB)).toFixed(0)} MiB)`,
  ];
  if (hasGdal) {
    const gdalWall = median(gdal.map((m) => m.wallS));
    line.push(`ogr2ogr ${Math.round(parcels / gdalWall)} parcels/s (median wall ${gdalWall.toFixed(2)} s, CPU ${median(gdal.map((m) => m.cpuS)).toFixed(2)} s, peak ${Math.max(...gdal.map((m) => m.peakMiB)).toFixed(0)} MiB)`);
    line.push(`ratio ${(gdalWall / oursWall).toFixed(2)}x GDAL's rate (wall), ${(median(gdal.map((m) => m.cpuS)) / median(ours.map((m) => m.cpuS))).toFixed(2)}x per CPU second`);
  } else {
    line.push('ogr2ogr not installed (Debian gdal-bin): no GDAL ratio');
  }
  // Wall-time ratios only mean something next to the machine's load (2 shared cores here).
  line.push(`load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} (1 / 5 / 15 min) at the end of this size`);
  console.log(line.join('\n  '));
  rmSync(file, { force: true });
  rmSync(path.join(dir, `segovia-x${times}.gfs`), { force: true });
}
