// CAT import without line breaks (issue #10): time and peak memory of importing break-less CAT
// files of 20, 40 and 80 MB, each in its own process. Prints figures; not a test. The records
// are the hand-written fixture's (test/unit/store/fixtures), repeated with distinct references.
//   node --import tsx scripts/bench-cat.ts            all three sizes
//   node --import tsx scripts/bench-cat.ts FILE.cat   (child) imports one file, prints JSON
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(import.meta.url);
const [child] = process.argv.slice(2);

if (child) {
  const { importFiles } = await import('../core/store/import-runner.js');
  const { ParcelStore } = await import('../core/store/parcel-store.js');
  const store = ParcelStore.open(path.join(path.dirname(child), `${path.basename(child)}.sqlite`));
  const started = performance.now();
  const [result] = await importFiles(store, [child]);
  const ms = performance.now() - started;
  store.close();
  console.log(JSON.stringify({ ms: Math.round(ms), maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024), fincas: result.fincas, units: result.units }));
} else {
  const fixture = path.resolve(path.dirname(here), '../test/unit/store/fixtures/two-fincas.handwritten.cat');
  const records = readFileSync(fixture, 'latin1').split(/\r?\n/).filter(Boolean);
  const [header, ...body] = records;
  const refs = [...new Set(body.map((r) => r.slice(30, 44)))];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-bench-cat-'));
  console.log('| file | records | time | peak RSS |\n|---|---|---|---|');
  for (const mb of [20, 40, 80]) {
    const file = path.join(dir, `breakless-${mb}mb.cat`);
    const fd = openSync(file, 'w');
    writeSync(fd, Buffer.from(header, 'latin1'));
    let written = 1;
    for (let i = 0; written * 1000 < mb * 1_000_000; i++) {
      const block = body.map((r) => {
        const k = refs.indexOf(r.slice(30, 44));
        return r.slice(0, 30) + `${String(i).padStart(7, '0')}VK47${k}1N` + r.slice(44);
      }).join('');
      writeSync(fd, Buffer.from(block, 'latin1'));
      written += body.length;
    }
    closeSync(fd);
    const run = spawnSync(process.execPath, ['--import', 'tsx', here, file], { encoding: 'utf8', timeout: 600_000 });
    const figures = run.status === 0 ? JSON.parse(run.stdout.trim().split('\n').at(-1)!) : undefined;
    console.log(figures
      ? `| ${mb} MB, no line breaks | ${written} | ${(figures.ms / 1000).toFixed(1)} s | ${figures.maxRssMb} MB |`
      : `| ${mb} MB, no line breaks | ${written} | failed: ${(run.stderr || run.stdout).trim().split('\n').slice(-2).join(' ')} | |`);
    rmSync(file);
    rmSync(`${file}.sqlite`, { force: true });
  }
  rmSync(dir, { recursive: true, force: true });
}
