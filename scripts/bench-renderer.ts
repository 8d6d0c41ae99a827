// Renderer figures (not a test), issue #40 item 2: in Debian's Chromium with software rendering,
// 1440×900, over `catastro serve` on the bundled sample, each step's wall time and the renderer's
// main-thread CPU time (Chromium's TaskDuration metric counted in thread time):
//   load → parcels drawn, first search → panel, click → panel, a later search → panel.
//   node --import tsx scripts/bench-renderer.ts [--runs 5] [--static DIR]... [--profile DIR]
// With several --static builds (e.g. the renderer as it was before a change, then the current one)
// the runs alternate between them in one session and every figure is printed beside the first
// build's, with the ratio: on a shared machine only those ratios carry over. --profile writes a CPU
// profile (CDP Profiler, open it in Chrome's DevTools) of each step of each build's first run.
import { startListening, type BenchServer } from './bench-server.js';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type CDPSession, type Page } from '@playwright/test';

declare global {
  interface Window {
    /** Set by watchPanel: resolves once the panel shows the awaited reference. */
    __benchPanelShown?: Promise<void>;
  }
}

const repoRoot = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1] || 5) || 5;
const statics = args.flatMap((arg, i) => (arg === '--static' ? [path.resolve(args[i + 1])] : []));
if (statics.length === 0) statics.push(path.join(repoRoot, 'dist/renderer'));
const profileArg = args.indexOf('--profile');
const profileDir = profileArg === -1 ? undefined : path.resolve(args[profileArg + 1]);

/** Two parcels of the bundled sample (convex: their centroids lie inside). */
const CLICKED = { ref: '40146A00405051', latitude: 41.06001846893712, longitude: -4.470268457843249 };
const SEARCHED = ['40146A00405051', '40146A00509006'];

const serve = (dataDir: string, staticDir: string): Promise<BenchServer> =>
  startListening(['bin/catastro.js', 'serve', '--host', '127.0.0.1', '--port', '0', '--data', dataDir, '--auth', 'off', '--static', staticDir], {
    cwd: repoRoot,
  });

type Step = 'load' | 'firstSearch' | 'click' | 'laterSearch';
const STEPS: Record<Step, string> = {
  load: 'load → parcels drawn',
  firstSearch: 'first search → panel',
  click: 'click → panel',
  laterSearch: 'later search → panel',
};
interface Figure {
  wall: number;
  cpu: number;
}

/** The renderer's main-thread busy time so far, in ms (CDP Performance.getMetrics TaskDuration, seconds). */
async function cpuMs(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
}

/** Where a step's CPU profile goes (the first run of each build), or undefined when not asked for. */
type ProfileTo = (step: Step) => string | undefined;

async function profiled<T>(cdp: CDPSession, file: string | undefined, action: () => Promise<T>): Promise<T> {
  if (!file) return action();
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.start');
  const result = await action();
  const { profile } = await cdp.send('Profiler.stop');
  writeFileSync(file, JSON.stringify(profile));
  return result;
}

async function timed(cdp: CDPSession, profile: string | undefined, action: () => Promise<void>): Promise<Figure> {
  const cpu = await cpuMs(cdp);
  const start = performance.now();
  await profiled(cdp, profile, action);
  return { wall: performance.now() - start, cpu: (await cpuMs(cdp)) - cpu };
}

/**
 * Watches, in the page, for the panel to show `ref`: resolved at the start of the frame that paints
 * it (a MutationObserver, then requestAnimationFrame). Playwright's waitFor polls from here after 0,
 * 20, 50, 100, 100 ms and then every 500 ms, so a panel shown at 300 ms was counted at up to 770.
 */
async function watchPanel(page: Page, ref: string): Promise<() => Promise<void>> {
  // A string, not a function: tsx would wrap the named arrows of a function in a helper the page lacks.
  await page.evaluate(`window.__benchPanelShown = new Promise((resolve) => {
    const shown = () => [...document.querySelectorAll('[data-testid="parcel-ref"]')]
      .some((e) => e.textContent === ${JSON.stringify(ref)} && e.getClientRects().length > 0);
    if (shown()) return requestAnimationFrame(() => resolve());
    const observer = new MutationObserver(() => {
      if (!shown()) return;
      observer.disconnect();
      requestAnimationFrame(() => resolve());
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  }); undefined`); // the expression's value would be awaited
  return () => page.evaluate(() => window.__benchPanelShown);
}

async function search(page: Page, ref: string, shown: () => Promise<void>): Promise<void> {
  const input = page.getByTestId('search-input');
  await input.fill(ref);
  await input.press('Enter');
  await shown();
}

/** The map has drawn what it was asked to: nothing moving, its tiles in, two frames past. */
async function mapSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const m = window.__catastroMap!;
    return m.loaded() && !m.isMoving() && m.areTilesLoaded();
  });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

async function measure(page: Page, cdp: CDPSession, url: string, profileTo: ProfileTo): Promise<Record<Step, Figure>> {
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  const started = performance.now();
  await profiled(cdp, profileTo('load'), async () => {
    await page.goto(url);
    // Drawn: the first parcel in MapLibre's rendered features, on a canvas that is shown (a build
    // may keep it hidden until the first view's parcels are in: renderer/map/first-frame.ts).
    await page.waitForFunction(
      () => {
        const map = window.__catastroMap;
        if (!map?.getLayer('parcels-fill') || getComputedStyle(map.getCanvas()).visibility === 'hidden') return false;
        return map.queryRenderedFeatures({ layers: ['parcels-fill'] }).length > 0;
      },
      undefined,
      { polling: 'raf', timeout: 60_000 },
    );
  });
  const load = { wall: performance.now() - started, cpu: await cpuMs(cdp) };
  let shown = await watchPanel(page, SEARCHED[0]);
  const firstSearch = await timed(cdp, profileTo('firstSearch'), () => search(page, SEARCHED[0], shown));
  await page.evaluate(({ longitude, latitude }) => window.__catastroMap!.jumpTo({ center: [longitude, latitude], zoom: 17 }), CLICKED);
  await mapSettled(page);
  await page.keyboard.press('Escape');
  const point = await page.evaluate(({ longitude, latitude }) => window.__catastroMap!.project([longitude, latitude]), CLICKED);
  const box = (await page.getByTestId('map').boundingBox())!;
  // The pointer reaches the parcel before the click, as a hand's does: the hover outline's frame is drawn before the timing starts.
  await page.mouse.move(box.x + point.x, box.y + point.y);
  await mapSettled(page);
  shown = await watchPanel(page, CLICKED.ref);
  const click = await timed(cdp, profileTo('click'), async () => {
    await page.mouse.click(box.x + point.x, box.y + point.y);
    await shown();
  });
  await mapSettled(page);
  shown = await watchPanel(page, SEARCHED[1]);
  const laterSearch = await timed(cdp, profileTo('laterSearch'), () => search(page, SEARCHED[1], shown));
  return { load, firstSearch, click, laterSearch };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A build's figure over the first build's, run by run (the runs alternate): median (min–max). */
function ratio(first: Figure[], other: Figure[], of: keyof Figure): string {
  const ratios = other.map((figure, run) => figure[of] / first[run][of]);
  return `${median(ratios).toFixed(2)} (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})×`;
}
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;

/** The JavaScript index.html loads before anything else (its entry and preloaded chunks), and all of it. */
function bundleSizes(dir: string): string {
  const assets = path.join(dir, 'assets');
  if (!existsSync(assets)) return '';
  const js = readdirSync(assets).filter((name) => /\.m?js$/.test(name) && !name.includes('worker'));
  const size = (names: string[]) => names.reduce((sum, name) => sum + statSync(path.join(assets, name)).size, 0);
  const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
  const first = js.filter((name) => html.includes(`assets/${name}`));
  return `  bundle: loaded first ${kib(size(first))} (${first.length} files), all ${kib(size(js))} (${js.length} files)`;
}

const loadAverage = () => os.loadavg()[0].toFixed(1);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'catastro-bench-renderer-'));
const servers: BenchServer[] = [];
try {
  for (const dir of statics) servers.push(await serve(dataDir, dir)); // the first one imports the sample
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const figures = statics.map(() => Object.fromEntries(Object.keys(STEPS).map((step) => [step, [] as Figure[]])) as Record<Step, Figure[]>);
  const loadBefore = loadAverage();
  for (let run = 0; run < runs; run++) {
    for (const [i, server] of servers.entries()) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      const profileTo: ProfileTo = (step) => (profileDir && run === 0 ? path.join(profileDir, `build${i + 1}-${step}.cpuprofile`) : undefined);
      const result = await measure(page, await context.newCDPSession(page), server.url, profileTo);
      for (const step of Object.keys(STEPS) as Step[]) figures[i][step].push(result[step]);
      await context.close();
    }
  }
  await browser.close();
  console.log(`${runs} runs each, alternating, load average ${loadBefore} → ${loadAverage()} (2 cores)`);
  console.log('median wall and renderer CPU (ms), range of wall in brackets; beside the first build: median of the per-run ratios (range)');
  statics.forEach((dir, i) => {
    console.log(`${i === 0 && statics.length > 1 ? 'first build: ' : ''}${path.relative(process.cwd(), dir) || dir}`);
    const sizes = bundleSizes(dir);
    if (sizes) console.log(sizes);
    for (const step of Object.keys(STEPS) as Step[]) {
      const walls = figures[i][step].map((f) => f.wall);
      const cpus = figures[i][step].map((f) => f.cpu);
      const beside =
        i === 0 ? '' : `   ×first: wall ${ratio(figures[0][step], figures[i][step], 'wall')}, cpu ${ratio(figures[0][step], figures[i][step], 'cpu')}`;
      console.log(
        `  ${STEPS[step].padEnd(24)} wall ${median(walls).toFixed(0).padStart(5)}  cpu ${median(cpus).toFixed(0).padStart(5)}` +
          `  [${Math.min(...walls).toFixed(0)}–${Math.max(...walls).toFixed(0)}]${beside}`,
      );
    }
  });
  if (profileDir) console.log(`CPU profiles of each build's first run: ${profileDir}`);
} finally {
  for (const server of servers) await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
