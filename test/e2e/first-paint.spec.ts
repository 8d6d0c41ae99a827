import type { Page } from '@playwright/test';
import { SAMPLE_PARCEL, URBAN_PARCEL, expect, mapIdle, search, test } from './support/app.js';

/**
 * Issue #40 item 2: on a modest machine (software WebGL, where one map frame costs 100-300 ms)
 * what the user waits for comes first. Asserted as an order of events in the page, never as a time.
 */

test('a clicked parcel is in the panel before the map draws its outline', async ({ offlineApp: page }) => {
  await page.evaluate(({ longitude, latitude }) => window.__catastroMap!.jumpTo({ center: [longitude, latitude], zoom: 17 }), SAMPLE_PARCEL);
  await mapIdle(page);
  const point = await page.evaluate(({ longitude, latitude }) => window.__catastroMap!.project([longitude, latitude]), SAMPLE_PARCEL);
  const box = (await page.getByTestId('map').boundingBox())!;
  const shown = page.waitForFunction(
    (ref) => {
      if (document.querySelector('[data-testid="parcel-ref"]')?.textContent !== ref) return false;
      // The frame the panel first shows the parcel in: has its outline reached the map already?
      return { outlineGiven: JSON.stringify(window.__catastroMap!.getSource('selection')!.serialize()).includes(ref) };
    },
    SAMPLE_PARCEL.ref,
    { polling: 'raf', timeout: 30_000 },
  );
  await page.mouse.click(box.x + point.x, box.y + point.y);
  expect(await (await shown).jsonValue(), 'the outline waits for the panel to be painted').toEqual({ outlineGiven: false });
  // Then the outline is drawn.
  await expect
    .poll(() => page.evaluate((ref) => JSON.stringify(window.__catastroMap!.getSource('selection')!.serialize()).includes(ref), SAMPLE_PARCEL.ref))
    .toBe(true);
});

test("the first view's parcel tiles are fetched once, for the view it opens on: no round at a default view first", async ({ page, appUrl }) => {
  const tiles: string[] = [];
  page.on('request', (request) => {
    const tile = /\/api\/tiles\/parcels\/(\d+)\/(\d+)\/(\d+)/.exec(request.url());
    if (tile) tiles.push(tile.slice(1).join('/'));
  });
  // A new context: nothing remembered, the map opens on the copy's largest area (the sample).
  await page.goto(appUrl);
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const source = window.__catastroMap?.getSource('copy-extents') as unknown as { getData(): Promise<GeoJSON.FeatureCollection> } | undefined;
        return (await source?.getData())?.features.length ?? 0;
      }),
    )
    .toBeGreaterThan(0);
  await mapIdle(page);
  const zoom = await page.evaluate(() => window.__catastroMap!.getZoom());
  expect(tiles.length, 'parcel tiles fetched').toBeGreaterThan(0);
  // Every tile is of the first view's zoom, each fetched once.
  expect([...new Set(tiles.map((tile) => Number(tile.split('/')[0])))]).toEqual([Math.floor(zoom)]);
  expect(tiles.length).toBe(new Set(tiles).size);
});

/** Counts the map's frames from now on; `drawn()` says how many so far. */
async function countMapFrames(page: Page): Promise<{ drawn: () => Promise<number> }> {
  await page.evaluate(() => {
    const counter = { drawn: 0 };
    (window as unknown as { __mapFrames: typeof counter }).__mapFrames = counter;
    window.__catastroMap!.on('render', () => counter.drawn++);
  });
  return { drawn: () => page.evaluate(() => (window as unknown as { __mapFrames: { drawn: number } }).__mapFrames.drawn) };
}

/** Resolves after `count` animation frames of the page. */
const animationFrames = (page: Page, count: number) =>
  page.evaluate(
    (count) =>
      new Promise<void>((resolve) => {
        let left = count;
        const next = () => (--left <= 0 ? resolve() : requestAnimationFrame(next));
        requestAnimationFrame(next);
      }),
    count,
  );

/** Counts the map's frames once it has settled: twenty frames of the page in a row without a map frame. */
async function countMapFramesOnceSettled(page: Page): Promise<{ drawn: () => Promise<number> }> {
  const frames = await countMapFrames(page);
  await expect
    .poll(async () => {
      const before = await frames.drawn();
      await animationFrames(page, 20);
      return (await frames.drawn()) - before;
    })
    .toBe(0);
  return frames;
}

/** Holds the answers to lookups of `ref` until the returned function is called. */
async function holdLookup(page: Page, ref: string): Promise<() => void> {
  let answer = (): void => undefined;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route(`**/api/catastro/${ref}*`, async (route) => {
    await held;
    await route.continue();
  });
  return answer;
}

const outlineHolds = (page: Page, ref: string) =>
  page.evaluate((ref) => JSON.stringify(window.__catastroMap!.getSource('selection')!.serialize()).includes(ref), ref);

test('while the next parcel is looked up the map draws nothing', async ({ offlineApp: page }) => {
  await search(page, SAMPLE_PARCEL.ref);
  await expect(page.getByTestId('parcel-ref')).toHaveText(SAMPLE_PARCEL.ref);
  await expect.poll(() => outlineHolds(page, SAMPLE_PARCEL.ref)).toBe(true);
  await mapIdle(page);
  const frames = await countMapFramesOnceSettled(page);
  // The next lookup's answer is held back: what the map draws meanwhile is what would delay it.
  const answer = await holdLookup(page, URBAN_PARCEL.ref);
  const before = await frames.drawn();
  await search(page, URBAN_PARCEL.ref);
  await expect(page.getByTestId('parcel-panel')).toHaveAttribute('aria-busy', 'true');
  // Time for a cleared outline to reach the map's worker and be drawn.
  await animationFrames(page, 20);
  expect((await frames.drawn()) - before, 'map frames while the answer was awaited').toBe(0);
  answer();
  await expect(page.getByTestId('parcel-ref')).toHaveText(URBAN_PARCEL.ref);
  await expect.poll(() => outlineHolds(page, URBAN_PARCEL.ref)).toBe(true);
});

test('a lookup answered at once never starts the loading bar; one that lasts shows it', async ({ offlineApp: page }) => {
  // The page's animations held at their start: what the bar does in its first frames, whatever the machine's speed.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Animation.enable');
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 0 });
  const answer = await holdLookup(page, URBAN_PARCEL.ref);
  await search(page, URBAN_PARCEL.ref);
  const bar = page.getByTestId('parcel-panel').getByRole('progressbar', { includeHidden: true });
  await expect(bar).toHaveCount(1);
  // Moving from the first frame, the bar repainted the page every frame while a quick answer came in.
  expect(
    await bar.evaluate((element) => ({
      visibility: getComputedStyle(element).visibility,
      moving: element.getAnimations().some((a) => (a as CSSAnimation).animationName === 'slide' && a.effect?.getComputedTiming().progress !== null),
    })),
  ).toEqual({ visibility: 'hidden', moving: false });
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 1 });
  await expect(bar).toBeVisible();
  answer();
  await expect(page.getByTestId('parcel-ref')).toHaveText(URBAN_PARCEL.ref);
  await expect(bar).toHaveCount(0);
});

test('hovering parcels does not read the whole view again; moving the map does', async ({ offlineApp: page }) => {
  // Counts MapLibre's reads of every drawn parcel (a query without a point: about 100 ms at zoom 13
  // under software WebGL); the hover's own query at the pointer is not counted.
  await page.evaluate(() => {
    const map = window.__catastroMap!;
    const query = map.queryRenderedFeatures.bind(map);
    const counted = window as unknown as { wholeViewReads: number };
    counted.wholeViewReads = 0;
    map.queryRenderedFeatures = ((...args: Parameters<typeof query>) => {
      const first = args[0] as unknown;
      if (first === undefined || (typeof first === 'object' && first !== null && !Array.isArray(first) && !('x' in first))) counted.wholeViewReads++;
      return query(...args);
    }) as typeof query;
  });
  const reads = () => page.evaluate(() => (window as unknown as { wholeViewReads: number }).wholeViewReads);
  await page.evaluate(({ longitude, latitude }) => window.__catastroMap!.jumpTo({ center: [longitude, latitude], zoom: 16 }), SAMPLE_PARCEL);
  await mapIdle(page);
  await expect.poll(reads, 'the view moved: its parcels are read once to credit their cadastre').toBeGreaterThan(0);
  const afterMove = await reads();
  const box = (await page.getByTestId('map').boundingBox())!;
  const repaintedAndIdle = () =>
    page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const map = window.__catastroMap!;
          map.once('idle', () => resolve());
          map.triggerRepaint();
        }),
    );
  for (let step = 0; step < 6; step++) {
    await page.mouse.move(box.x + box.width * (0.3 + step * 0.08), box.y + box.height * 0.5, { steps: 3 });
    await repaintedAndIdle();
  }
  expect(await reads(), 'hover repaints end in idle events, none of them reads the view again').toBe(afterMove);
  // The hovered parcel is lit by feature state (a filter changed per hover reloaded every tile).
  const point = await page.evaluate(({ longitude, latitude }) => window.__catastroMap!.project([longitude, latitude]), SAMPLE_PARCEL);
  await page.mouse.move(box.x + point.x, box.y + point.y);
  await expect
    .poll(() => page.evaluate((ref) => window.__catastroMap!.getFeatureState({ source: 'parcels', sourceLayer: 'parcels', id: ref }), SAMPLE_PARCEL.ref))
    .toEqual({ hoveredIn: 'ES' });
  await page.evaluate(() => window.__catastroMap!.panBy([200, 0], { animate: false }));
  await mapIdle(page);
  await expect.poll(reads).toBeGreaterThan(afterMove);
});

test("the search box leaves the world outlines for after the first view where one country's box holds the centre", async ({ page, appUrl }) => {
  // Their 0.75 MB chunk, turned into GeoJSON on the main thread, ran while the first view loaded
  // because the search box asked for it on mounting; only where two countries' boxes overlap
  // (Spain and France) does it need them. The map asks for them itself after its first view, which
  // waits for the copy's areas: held back here, nothing else may ask.
  const outlineRequests: string[] = [];
  page.on('request', (request) => {
    if (/countries-50m|world-outlines/.test(request.url())) outlineRequests.push(request.url());
  });
  let releaseAreas!: () => void;
  const areasHeld = new Promise<void>((resolve) => (releaseAreas = resolve));
  await page.route('**/api/extents', async (route) => {
    await areasHeld;
    await route.continue();
  });
  const status = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/status');
  await page.goto(appUrl);
  await expect(page.getByTestId('search-input')).toBeVisible();
  await status;
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(outlineRequests, 'asked before the first view').toEqual([]);
  releaseAreas();
  await expect.poll(() => outlineRequests.length, 'the map asks once its first view is drawn').toBeGreaterThan(0);
});

test('the first map frame painted is the one with the parcels: none of the empty view before them', async ({ page, appUrl }) => {
  // Under software compositing each painted WebGL frame is read back from the GPU process, holding
  // the page 100-600 ms: the background's and the empty view's frames held back the parcels'. Every
  // frame the map draws is noted from its first, with whether it is shown and has parcels.
  await page.addInitScript(() => {
    const frames: { shown: boolean; parcels: boolean }[] = [];
    (window as unknown as { __mapFramesAtLoad: typeof frames }).__mapFramesAtLoad = frames;
    let map: Window['__catastroMap'];
    Object.defineProperty(window, '__catastroMap', {
      configurable: true,
      get: () => map,
      set(value: Window['__catastroMap']) {
        map = value;
        value?.on('render', () =>
          frames.push({
            shown: getComputedStyle(value.getCanvas()).visibility !== 'hidden',
            parcels: value.queryRenderedFeatures({ layers: ['parcels-fill'] }).length > 0,
          }),
        );
      },
    });
  });
  await page.goto(appUrl);
  await mapIdle(page);
  const frames = await page.evaluate(() => (window as unknown as { __mapFramesAtLoad: { shown: boolean; parcels: boolean }[] }).__mapFramesAtLoad);
  expect(
    frames.some((frame) => frame.parcels && frame.shown),
    'the parcels are drawn and shown',
  ).toBe(true);
  expect(
    frames.find((frame) => frame.shown),
    'the first frame shown',
  ).toEqual({ shown: true, parcels: true });
});

test("a click draws no map frame before its parcel's panel is painted; the outline follows", async ({ offlineApp: page }) => {
  // MapLibre asks for a frame on every mouseup (its pan handler let go), though nothing changed:
  // under software WebGL that frame held the panel back by 100-500 ms.
  await page.evaluate(({ longitude, latitude }) => window.__catastroMap!.jumpTo({ center: [longitude, latitude], zoom: 17 }), URBAN_PARCEL);
  await mapIdle(page);
  const point = await page.evaluate(({ longitude, latitude }) => window.__catastroMap!.project([longitude, latitude]), URBAN_PARCEL);
  const box = (await page.getByTestId('map').boundingBox())!;
  await page.mouse.move(box.x + point.x, box.y + point.y);
  await mapIdle(page);
  const frames = await countMapFramesOnceSettled(page);
  // The map's frames counted when the panel first shows the parcel, in the page's next frame.
  await page.evaluate((ref) => {
    const seen = window as unknown as { __framesAtPanel?: number; __mapFrames: { drawn: number } };
    const observer = new MutationObserver(() => {
      if (document.querySelector('[data-testid="parcel-ref"]')?.textContent !== ref) return;
      observer.disconnect();
      requestAnimationFrame(() => (seen.__framesAtPanel = seen.__mapFrames.drawn));
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  }, URBAN_PARCEL.ref);
  const answer = await holdLookup(page, URBAN_PARCEL.ref);
  const before = await frames.drawn();
  await page.mouse.click(box.x + point.x, box.y + point.y);
  await expect(page.getByTestId('parcel-panel')).toHaveAttribute('aria-busy', 'true');
  await animationFrames(page, 20);
  expect((await frames.drawn()) - before, 'map frames while the answer was awaited').toBe(0);
  answer();
  await expect(page.getByTestId('parcel-ref')).toHaveText(URBAN_PARCEL.ref);
  const framesAtPanel = await page.waitForFunction(() => {
    const at = (window as unknown as { __framesAtPanel?: number }).__framesAtPanel;
    return at === undefined ? false : { at };
  });
  expect(((await framesAtPanel.jsonValue()) as { at: number }).at - before, 'map frames before the panel was painted').toBe(0);
  // Then the map draws: the outline of the clicked parcel.
  await expect.poll(() => outlineHolds(page, URBAN_PARCEL.ref)).toBe(true);
  await expect.poll(() => frames.drawn()).toBeGreaterThan(before);
});

test('a drag right after a click pans the map at once', async ({ offlineApp: page }) => {
  await page.evaluate(({ longitude, latitude }) => window.__catastroMap!.jumpTo({ center: [longitude, latitude], zoom: 17 }), URBAN_PARCEL);
  await mapIdle(page);
  const point = await page.evaluate(({ longitude, latitude }) => window.__catastroMap!.project([longitude, latitude]), URBAN_PARCEL);
  const box = (await page.getByTestId('map').boundingBox())!;
  // The lookup is held: the click's frame waits for it, a drag must not.
  await page.route(`**/api/catastro/${URBAN_PARCEL.ref}*`, () => undefined);
  await page.mouse.click(box.x + point.x, box.y + point.y);
  const centre = () => page.evaluate(() => window.__catastroMap!.getCenter().lng);
  const before = await centre();
  await page.mouse.down();
  await page.mouse.move(box.x + point.x - 200, box.y + point.y, { steps: 5 });
  await page.mouse.up();
  await expect.poll(centre).toBeGreaterThan(before);
});

test("the world outlines reach the map as a file its worker parses: the page's thread never converts them", async ({ offlineApp: page }) => {
  // Converted from TopoJSON in the page (0.25-0.45 s of the main thread), they ran right after the
  // first view, where a first search waited behind them; now a GeoJSON file made at build time.
  const pageFetched: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' && /countries-50m/.test(request.url())) pageFetched.push(request.url());
  });
  await expect.poll(() => page.evaluate(() => window.__catastroMap!.querySourceFeatures('countries').length), { timeout: 30_000 }).toBeGreaterThan(0);
  expect(pageFetched, 'no TopoJSON chunk for the page to convert').toEqual([]);
});

test("the idle prefetch waits while a lookup is in flight: the search's answer and panel come first", async ({ page, appUrl }) => {
  const chunks: string[] = [];
  page.on('request', (request) => {
    if (/UnitsTable|world-outlines/.test(request.url())) chunks.push(request.url());
  });
  const answer = await holdLookup(page, SAMPLE_PARCEL.ref);
  await page.goto(appUrl);
  await search(page, SAMPLE_PARCEL.ref);
  await expect(page.getByTestId('parcel-panel')).toHaveAttribute('aria-busy', 'true');
  // The map's first view drawn: the outlines are asked for then, and the prefetch is due.
  await expect.poll(() => chunks.some((url) => /world-outlines/.test(url)), { timeout: 30_000 }).toBe(true);
  await mapIdle(page);
  // Past the prefetch's idle deadline (2 s) with the lookup still held.
  await page.waitForTimeout(3_000);
  expect(
    chunks.filter((url) => /UnitsTable/.test(url)),
    'prefetched while the lookup was in flight',
  ).toEqual([]);
  answer();
  await expect(page.getByTestId('parcel-ref')).toHaveText(SAMPLE_PARCEL.ref);
  await expect.poll(() => chunks.some((url) => /UnitsTable/.test(url)), { timeout: 30_000 }).toBe(true);
});
