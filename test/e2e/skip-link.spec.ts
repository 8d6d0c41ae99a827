import type { Page } from '@playwright/test';
import { URBAN_PARCEL, expect, search, test } from './support/app.js';

/** Issue #40 item 6: a keyboard user reaches the parcel panel in a few key presses (27 Tabs before the skip link). */

/** Key presses from the top of the page until the focus is inside the parcel panel (following a skip link when one is focused). */
async function pressesToPanel(app: Page, limit: number): Promise<number> {
  // From the top: the body focused (a blur alone would leave Tab's starting point where the focus was).
  await app.evaluate(() => {
    document.body.tabIndex = -1;
    document.body.focus();
    document.body.removeAttribute('tabindex');
  });
  for (let presses = 1; presses <= limit; presses++) {
    const focused = await app.evaluate(() => document.activeElement?.classList.contains('skip-link') ?? false);
    await app.keyboard.press(focused ? 'Enter' : 'Tab');
    if (await app.evaluate(() => !!document.activeElement?.closest('[data-testid="parcel-panel"]'))) return presses;
  }
  return Infinity;
}

test('a keyboard user reaches the parcel panel in at most 3 key presses', async ({ app }) => {
  await search(app, URBAN_PARCEL.ref);
  await expect(app.getByTestId('parcel-ref')).toHaveText(URBAN_PARCEL.ref);
  expect(await pressesToPanel(app, 60)).toBeLessThanOrEqual(3);
  // The next Tab lands on something inside the panel, not back in the header.
  await app.keyboard.press('Tab');
  expect(await app.evaluate(() => !!document.activeElement?.closest('[data-testid="parcel-panel"]'))).toBe(true);
});
