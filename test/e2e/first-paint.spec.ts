import { SAMPLE_PARCEL, expect, mapIdle, test } from './support/app.js';

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
