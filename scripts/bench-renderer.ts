// Renderer figures (not a test): page load → parcels drawn, and click → parcel panel, in Debian's
// Chromium with software rendering, over `catastro serve` on the bundled sample.
//   node --import tsx scripts/bench-renderer.ts [--runs 5] [--static DIR]...
// With several --static builds (e.g. a copy of dist/renderer before a change and the current one)
// the runs alternate between them in one session, so the figures compare as ratios.
import { startListening, type BenchServer } from './bench-server.js';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';

const repoRoot = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1] || 5) || 5;
const statics = args.flatMap((arg, i) => (arg === '--static' ? [path.resolve(args[i + 1])] : []));
if (statics.length === 0) statics.push(path.join(repoRoot, 'dist/renderer'));

/** The sample parcel 40146A00405051 (convex: its centroid lies inside). */
const SAMPLE = { ref: '40146A00405051', latitude: 41.06001846893712, longitude: -4.470268457843249 };

const serve = (dataDir: string, staticDir: string): Promise<BenchServer> =>
  startListening(['bin/catastro.js', 'serve', '--host', '127.0.0.1', '--port', '0', '--data', dataDir, '--auth', 'off', '--static', staticDir], { cwd: repoRoot });

async function measure(page: Page, url: string): Promise<{ load: number; click: number }> {
  await page.goto(url);
  // Milliseconds since navigation start until the first parcel is drawn.
  // (A string: tsx would wrap named inner functions in a helper the page does not have.)
  const load = await page.evaluate(`new Promise((resolve) => {
    const poll = () => {
      const map = window.__catastroMap;
      const drawn = map && map.getLayer('parcels-fill') && map.queryRenderedFeatures({ layers: ['parcels-fill'] }).length > 0;
      if (drawn) resolve(performance.now()); else requestAnimationFrame(poll);
    };
    poll();
  })`) as number;
  await page.evaluate(({ longitude, latitude }) => window.__catastroMap!.jumpTo({ center: [longitude, latitude], zoom: 17 }), SAMPLE);
  await page.waitForFunction(() => { const m = window.__catastroMap!; return m.loaded() && !m.isMoving() && m.areTilesLoaded(); });
  const point = await page.evaluate(({ longitude, latitude }) => window.__catastroMap!.project([longitude, latitude]), SAMPLE);
  const box = (await page.getByTestId('map').boundingBox())!;
  const start = Date.now();
  await page.mouse.click(box.x + point.x, box.y + point.y);
  await page.getByTestId('parcel-ref').filter({ hasText: SAMPLE.ref }).waitFor();
  return { load, click: Date.now() - start };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'catastro-bench-renderer-'));
const servers: BenchServer[] = [];
try {
  for (const dir of statics) servers.push(await serve(dataDir, dir)); // the first one imports the sample
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const figures = statics.map(() => ({ load: [] as number[], click: [] as number[] }));
  for (let run = 0; run < runs; run++) {
    for (const [i, server] of servers.entries()) {
      const context = await browser.newContext({ viewport: { width: 1400, height: 860 } });
      const result = await measure(await context.newPage(), server.url);
      figures[i].load.push(result.load);
      figures[i].click.push(result.click);
      await context.close();
    }
  }
  await browser.close();
  statics.forEach((dir, i) => {
    const f = figures[i];
    console.log(`${dir}\n  load → parcels drawn: median ${median(f.load).toFixed(0)} ms (${f.load.map((v) => v.toFixed(0)).join(', ')})`
      + `\n  click → panel:        median ${median(f.click).toFixed(0)} ms (${f.click.join(', ')})`);
  });
} finally {
  for (const server of servers) await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
