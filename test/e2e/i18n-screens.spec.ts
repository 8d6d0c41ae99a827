import type { Page } from '@playwright/test';
import { MADRID_FINCA, SAMPLE_PARCEL, expect, mapIdle, screenshot, search, test } from './support/app.js';

// Each test walks the main screens in a language with long words: on a loaded shared machine, minutes.
test.describe.configure({ timeout: 180_000 });

/** Buttons, labels and headings whose text does not fit their box (cut off or spilling out), by their text. */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('button, label, h1, h2, h3, th, dt, dd, select, .map-hint, .map-action'))
      .filter((e) => e.offsetParent !== null && e.getClientRects().length > 0)
      // Cut off (its box clips) or spilling out of a button.
      .filter((e) => e.scrollWidth > e.clientWidth + 1 && (getComputedStyle(e).overflowX !== 'visible' || e.tagName === 'BUTTON'))
      .map(
        (e) => `${e.tagName.toLowerCase()} "${(e.getAttribute('aria-label') ?? e.textContent ?? '').trim().slice(0, 60)}" ${e.scrollWidth}>${e.clientWidth}`,
      ),
  );
}

const LANGUAGES = [
  { locale: 'de-DE', language: 'de', zoomIn: 'Vergrößern', units: /18 von 18 Einheiten/ },
  { locale: 'pl-PL', language: 'pl', zoomIn: 'Powiększ', units: /18 z 18 lokali/ },
];

for (const { locale, language, zoomIn, units } of LANGUAGES) {
  test.describe(`the main screens in ${language}`, () => {
    test.use({ locale });

    test(`search, parcel with units, export, batch and measuring speak ${language}, nothing cut off`, async ({ app }) => {
      await expect(app.locator('html')).toHaveAttribute('lang', language);
      // The map's own buttons (MapLibre's) too.
      await expect(app.locator('.maplibregl-ctrl-zoom-in')).toHaveAttribute('aria-label', zoomIn);
      await screenshot(app, `i18n-screens-${language}-01-start`);
      expect(await overflowing(app), 'start').toEqual([]);

      await search(app, MADRID_FINCA);
      await expect(app.getByTestId('parcel-ref')).toHaveText(MADRID_FINCA);
      await expect(app.getByTestId('units-shown')).toHaveText(units);
      await mapIdle(app);
      await screenshot(app, `i18n-screens-${language}-02-parcel-units`);
      expect(await overflowing(app), 'parcel and units').toEqual([]);
      await app.getByTestId('export-kml').scrollIntoViewIfNeeded();
      await screenshot(app, `i18n-screens-${language}-03-export`);

      await app.getByTestId('batch-open').click();
      await expect(app.getByTestId('batch-dialog')).toBeVisible();
      await screenshot(app, `i18n-screens-${language}-04-batch`);
      expect(await overflowing(app), 'batch').toEqual([]);
      await app.keyboard.press('Escape');
      await expect(app.getByTestId('batch-dialog')).toHaveCount(0);

      await search(app, SAMPLE_PARCEL.ref);
      await expect(app.getByTestId('parcel-ref')).toHaveText(SAMPLE_PARCEL.ref);
      await mapIdle(app);
      await app.getByTestId('tool-measure-area').click();
      const box = (await app.getByTestId('map').boundingBox())!;
      const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      for (const [dx, dy] of [
        [-120, -60],
        [100, -40],
        [60, 110],
      ])
        await app.mouse.click(centre.x + dx, centre.y + dy);
      await expect(app.getByTestId('measure-result')).toBeVisible();
      await screenshot(app, `i18n-screens-${language}-05-measure`);
      expect(await overflowing(app), 'measuring').toEqual([]);
    });
  });
}
