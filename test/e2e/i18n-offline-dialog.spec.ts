import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startFakeCatastroAtom, type FakeCatastroAtom } from '../fake-upstream/catastro-atom.js';
import { basemapAnswers, screenshot } from './support/app.js';
import { startBrowserApp, type StartedBrowserApp } from './support/start-browser-app.js';

/**
 * The "available offline" dialog in languages with long words (German, Polish), on `catastro start`'s
 * browser app with the fake Catastro ATOM service: its form, a download's result and areas, and a
 * foral territory's refusal named as the language names it. Screenshots for a look; fails on text
 * cut off or spilling out of its button.
 */
let fake: FakeCatastroAtom;
let dataDir: string;
let app: StartedBrowserApp;

test.describe.configure({ timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  fake = await startFakeCatastroAtom();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'catastro-i18n-offline-'));
  app = await startBrowserApp(dataDir, { CATASTRO_ES_ATOM_URL: fake.baseUrl });
});

test.afterAll(async () => {
  await app?.stop();
  await fake?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The dialog's buttons, labels and fields whose text does not fit their box, or that reach past the dialog's panel (clipped there). */
const overflowing = (page: Page) =>
  page.getByTestId('offline-dialog').evaluate((dialog) => {
    const panel = dialog.getBoundingClientRect();
    return (
      Array.from(dialog.querySelectorAll<HTMLElement>('button, label, input, h2, h3, th, td'))
        // A cell that ends in an ellipsis and shows its whole text on hover (a file name) is shortened on purpose.
        .filter((e) => !(getComputedStyle(e).textOverflow === 'ellipsis' && e.title))
        .filter(
          (e) =>
            (e.scrollWidth > e.clientWidth + 1 && (getComputedStyle(e).overflowX !== 'visible' || e.tagName === 'BUTTON')) ||
            e.getBoundingClientRect().right > panel.right + 1,
        )
        .map(
          (e) =>
            `${e.tagName.toLowerCase()} "${(e.textContent || (e as HTMLInputElement).placeholder || '').trim().slice(0, 60)}" ${Math.round(e.getBoundingClientRect().right)}>${Math.round(panel.right)}`,
        )
    );
  });

const LANGUAGES = [
  { locale: 'de-DE', language: 'de', navarre: /^Navarra ist ein Foralgebiet/, done: /^Fertig: 1\.443 Flurstücke/ },
  { locale: 'pl-PL', language: 'pl', navarre: /^Nawarra to terytorium foralne/, done: /1\s443/ },
];

for (const { locale, language, navarre, done } of LANGUAGES) {
  test.describe(`the offline dialog in ${language}`, () => {
    test.use({ locale });

    test(`downloads the map's area and refuses Navarre in ${language}, nothing cut off`, async ({ page }) => {
      await basemapAnswers(page); // online: downloading needs a connection
      await page.goto(app.address);
      await page.waitForFunction(() => window.__catastroMap?.loaded() === true);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await page.evaluate(() => window.__catastroMap!.jumpTo({ center: [-4.4703, 41.06], zoom: 14 }));
      await page.getByTestId('offline-here').click();
      const dialog = page.getByTestId('offline-dialog');
      await expect(dialog).toBeVisible();
      await screenshot(page, `i18n-screens-${language}-06-offline-dialog`);
      expect(await overflowing(page), 'form').toEqual([]);

      await page.getByTestId('offline-download').click();
      await expect(page.getByTestId('offline-result')).toContainText(done, { timeout: 60_000 });
      await expect(page.getByTestId('offline-area-ES.40146')).toBeVisible();
      await screenshot(page, `i18n-screens-${language}-07-offline-areas`);
      expect(await overflowing(page), 'areas').toEqual([]);

      await page.getByTestId('offline-use-view').uncheck();
      await page.getByTestId('offline-municipalities').fill('31201');
      await page.getByTestId('offline-download').click();
      const banner = page.getByRole('alert');
      await expect(banner.locator('p').first()).toHaveText(navarre);
      // The service's English (Navarre/Nafarroa) stays under Details only.
      await expect(banner.locator('.advice')).toContainText('https://filescartografia.navarra.es/');
      await expect(banner.locator('details')).toContainText('Navarre/Nafarroa is a foral territory');
      // Shown over the dialog, not behind its backdrop (inert there): the cadastre's link takes a click,
      // and its long address stays on the screen.
      await banner.locator('.advice a').click({ trial: true, timeout: 5_000 });
      const right = await banner.evaluate((e) => e.getBoundingClientRect().right);
      expect(right).toBeLessThanOrEqual(page.viewportSize()!.width);
      await screenshot(page, `i18n-screens-${language}-08-offline-foral`);
      await banner.getByRole('button', { name: /.+/ }).last().click();
      await expect(banner).toHaveCount(0);

      // The area goes again, for the next language's run.
      await page.getByTestId('offline-area-ES.40146').getByRole('button').last().click();
      await expect(page.getByTestId('offline-area-ES.40146')).toHaveCount(0);
    });
  });
}
