import { SAMPLE_PARCEL, expect, mapIdle, screenshot, test } from './support/app.js';

/**
 * The dialogs are modals in a real browser (ModalDialog, the native <dialog> with showModal()):
 * Tab cycles inside the open dialog, the map behind takes no click, and Escape closes it with the
 * focus back on the button that opened it. Batch is the dialog used: its backdrop does not close
 * it, so a click behind it can only be answered by the map.
 */
test('a dialog keeps Tab inside it, the map behind ignores clicks, and Escape gives the focus back to its opener', async ({ app }) => {
  // The sample parcel under a point of the map left of where the dialog will stand.
  await app.evaluate(({ longitude, latitude }) => window.__catastroMap!.jumpTo({ center: [longitude, latitude], zoom: 17 }), SAMPLE_PARCEL);
  await mapIdle(app);
  await app.evaluate(({ longitude, latitude }) => {
    const map = window.__catastroMap!;
    map.panBy([map.project([longitude, latitude]).x - 120, 0], { duration: 0 });
  }, SAMPLE_PARCEL);
  await mapIdle(app);
  const point = await app.evaluate(({ longitude, latitude }) => window.__catastroMap!.project([longitude, latitude]), SAMPLE_PARCEL);
  const box = (await app.getByTestId('map').boundingBox())!;
  const behind = { x: box.x + point.x, y: box.y + point.y };

  // Without a dialog a click there selects the parcel: the check below is not vacuous.
  await app.mouse.click(behind.x, behind.y);
  await expect(app.getByTestId('parcel-ref')).toHaveText(SAMPLE_PARCEL.ref);
  await app.keyboard.press('Escape');
  await expect(app.getByTestId('parcel-ref')).toHaveCount(0);

  const opener = app.getByTestId('batch-open');
  await opener.focus();
  await app.keyboard.press('Enter');
  const dialog = app.getByTestId('batch-dialog');
  await expect(dialog).toBeVisible();
  const focusInDialog = () => dialog.evaluate((element) => element.contains(document.activeElement));
  expect(await focusInDialog()).toBe(true);

  // More presses than the dialog has controls. Past its last control Chromium hands the focus to
  // the browser's own UI (the page then has no focus; the WAI-ARIA pattern allows this way out of
  // the page), and the next press brings it back into the dialog: never to the toolbar, map or panel behind.
  const stops: string[] = [];
  for (let press = 1; press <= 25; press++) {
    await app.keyboard.press(press % 5 === 0 ? 'Shift+Tab' : 'Tab');
    const { inDialog, pageFocused, element } = await dialog.evaluate((element) => ({
      inDialog: element.contains(document.activeElement),
      pageFocused: document.hasFocus(),
      element: document.activeElement?.outerHTML.slice(0, 80) ?? '',
    }));
    expect(!pageFocused || inDialog, `Tab ${press} put the focus behind the dialog, on ${element}`).toBe(true);
    stops.push(inDialog ? element : '(browser)');
  }
  // The dialog's controls were visited, in turn.
  expect(new Set(stops.filter((stop) => stop !== '(browser)')).size).toBeGreaterThan(1);
  expect(stops.filter((stop) => stop !== '(browser)').length).toBeGreaterThan(12);

  await app.mouse.click(behind.x, behind.y);
  await expect(dialog).toBeVisible();
  // A selection takes a request; give a leaked click the time to show.
  await app.waitForTimeout(1_000);
  await expect(app.getByTestId('parcel-ref')).toHaveCount(0);
  await screenshot(app, 'modal-dialog-backdrop');

  await app.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});
