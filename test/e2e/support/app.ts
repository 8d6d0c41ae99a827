import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../../test-results/e2e-screenshots');

/** A parcel of the bundled sample (municipality 40146) with a convex outline: its centroid lies inside. */
export const SAMPLE_PARCEL = { ref: '40146A00405051', latitude: 41.06001846893712, longitude: -4.470268457843249 };
/** The Madrid finca the fake Catastro serves live, with 18 units. */
export const MADRID_FINCA = '9398516VK3799G';

/** An urban parcel of the sample: an industrial building whose year the Catastro records as 1900 (unknown). */
export const URBAN_PARCEL = { ref: '000700100UL74F', latitude: 41.0614034085351, longitude: -4.468377379014238 };

/** Text that must never reach a user's eyes: socket errors, host names, stack frames. */
export const PLUMBING = /getaddrinfo|ENOTFOUND|ECONNREFUSED|\.invalid|catastro\.meh\.es|cartociudad\.es|\bat \w+ \(|Error:/;

async function openApp(page: Page, url: string, use: (page: Page) => Promise<void>): Promise<void> {
  // Record Content-Security-Policy violations: the strict CSP must not block anything the app needs.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(url);
  await expect(page.getByTestId('map')).toBeVisible();
  await page.waitForFunction(() => window.__catastroMap?.loaded() === true);
  await use(page);
  expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations), 'CSP violations').toEqual([]);
  expect(pageErrors, 'uncaught page errors').toEqual([]);
}

export const test = base.extend<{ appUrl: string; app: Page; offlineApp: Page }>({
  appUrl: async ({}, use) => {
    const url = process.env.CATASTRO_E2E_URL;
    if (!url) throw new Error('CATASTRO_E2E_URL is not set: the global setup did not start the server.');
    await use(url);
  },
  app: async ({ page, appUrl }, use) => openApp(page, appUrl, use),
  /** The app over a server whose live sources (Catastro, geocoder, PVGIS, SIGPAC) cannot be reached, with no basemap either: the field, offline. */
  offlineApp: async ({ page }, use) => {
    const url = process.env.CATASTRO_E2E_OFFLINE_URL;
    if (!url) throw new Error('CATASTRO_E2E_OFFLINE_URL is not set: the global setup did not start the offline server.');
    await page.route('https://tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'));
    await openApp(page, url, use);
  },
});

export { expect };

/** A 1×1 PNG for every basemap tile: the basemap answers, so the app is online (connectivity is the basemap's reachability). */
export async function basemapAnswers(page: Page): Promise<void> {
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  await page.route('https://tile.openstreetmap.org/**', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: png }));
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

/**
 * Types and submits a search. `country`: the address picker's country, for tests whose meaning
 * does not depend on the picker's default (the map's centre, which moves when other specs put
 * other countries' parcels in the shared copy).
 */
export async function search(page: Page, text: string, options: { country?: string } = {}): Promise<void> {
  if (options.country) await page.getByTestId('search-country').selectOption(options.country);
  await page.getByTestId('search-input').fill(text);
  await page.getByTestId('search-input').press('Enter');
}

/** Waits until the map has stopped moving and rendered its tiles. */
export async function mapIdle(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const map = window.__catastroMap;
    return !!map && map.loaded() && !map.isMoving() && map.areTilesLoaded();
  });
}
