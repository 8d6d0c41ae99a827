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
