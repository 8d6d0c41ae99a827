// CAT import without line breaks (issues #10, #41): time, time per record and peak memory of
// importing break-less CAT files of 20 to 160 MB, each in its own process. Prints figures; not a
// test. The records are the hand-written fixture's, repeated with distinct references
// (test/helpers/generated-cat.ts); time per record should stay flat as the file grows.
//   node --import tsx scripts/bench-cat.ts            all four sizes
//   node --import tsx scripts/bench-cat.ts FILE.cat   (child) imports one file, prints JSON
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeGeneratedCat } from '../test/helpers/generated-cat.js';

const here = fileURLToPath(import.meta.url);
const [child] = process.argv.slice(2);

if (child) {
  const { importFiles } = await import('../core/countries/import-formats.js');
  const { ParcelStore } = await import('../core/store/parcel-store.js');
  const store = ParcelStore.open(path.join(path.dirname(child), `${path.basename(child)}.sqlite`));
  const started = performance.now();
  const [result] = await importFiles(store, [child]);
  const ms = performance.now() - started;
  store.close();
  console.log(JSON.stringify({ ms: Math.round(ms), maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024), fincas: result.fincas, units: result.units }));
} else {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-bench-cat-'));
  console.log('| file | records | time | per 1,000 records | peak RSS |\n|---|---|---|---|---|');
  for (const mb of [20, 40, 80, 160]) {
    const file = path.join(dir, `breakless-${mb}mb.cat`);
    const written = writeGeneratedCat(file, mb);
    const run = spawnSync(process.execPath, ['--import', 'tsx', here, file], { encoding: 'utf8', timeout: 600_000 });
    const figures = run.status === 0 ? JSON.parse(run.stdout.trim().split('\n').at(-1)!) : undefined;
    console.log(
      figures
        ? `| ${mb} MB, no line breaks | ${written} | ${(figures.ms / 1000).toFixed(1)} s | ${((figures.ms / written) * 1000).toFixed(0)} ms | ${figures.maxRssMb} MB |`
        : `| ${mb} MB, no line breaks | ${written} | failed: ${(run.stderr || run.stdout).trim().split('\n').slice(-2).join(' ')} | | |`,
    );
    rmSync(file);
    rmSync(`${file}.sqlite`, { force: true });
  }
  rmSync(dir, { recursive: true, force: true });
}
