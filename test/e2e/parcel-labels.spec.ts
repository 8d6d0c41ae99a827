import { expect, mapIdle, screenshot, test } from './support/app.js';

/** The village's block of the most parcels (6656006UL7465N and 36 others within 60 m), from the bundled sample's outlines. */
const VILLAGE_CENTRE = { longitude: -4.469793, latitude: 41.050573 };

/**
 * Issue #40: the references drawn at high zoom are HTML markers (no glyph server offline, so no
 * MapLibre collision), and in the village's small urban parcels they were drawn over each other.
 * Measures every drawn label's box in the page: no two may overlap.
 */
test('parcel labels in the village at zoom 18 and 19 never overlap', async ({ offlineApp: page }) => {
  test.setTimeout(240_000);
  for (const zoom of [18, 19]) {
    await page.evaluate(({ longitude, latitude, zoom }) => window.__catastroMap!.jumpTo({ center: [longitude, latitude], zoom }), { ...VILLAGE_CENTRE, zoom });
    await mapIdle(page);
    const labels = page.getByTestId('parcel-label');
    await expect(labels.first()).toBeVisible();
    await screenshot(page, `parcel-labels-z${zoom}`);
    const boxes = await labels.evaluateAll((elements) =>
      elements.map((e) => {
        const r = e.getBoundingClientRect();
        return { ref: e.textContent, left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      }),
    );
    // Enough labels that overlaps are possible: the village's parcels are a few metres wide.
    expect(boxes.length, `labels at zoom ${zoom}`).toBeGreaterThanOrEqual(8);
    const overlapping = boxes.flatMap((a, i) =>
      boxes
        .slice(i + 1)
        .filter((b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
        .map((b) => `${a.ref} × ${b.ref}`),
    );
    expect(overlapping, `overlapping labels at zoom ${zoom}`).toEqual([]);
  }
});
