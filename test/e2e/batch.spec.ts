import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { SAMPLE_PARCEL, expect, screenshot, test } from './support/app.js';

/** A Spanish spreadsheet's export: semicolons, decimal commas, references and points mixed, one unknown and one malformed reference. */
const CSV = [
  'referencia;latitud;longitud;nota',
  `${SAMPLE_PARCEL.ref};;;finca A`,
  `;${String(SAMPLE_PARCEL.latitude).replace('.', ',')};${String(SAMPLE_PARCEL.longitude).replace('.', ',')};punto`,
  '9999999VK9999A;;;nadie',
  'XYZ;;;mala',
].join('\n');

test('batch: a dropped CSV has its columns recognised, every row answered with progress and a summary, failures kept with their reason, results downloadable', async ({
  app,
}) => {
  await app.getByTestId('batch-open').click();
  await expect(app.getByTestId('batch-dialog')).toBeVisible();
  // Drop the file on the zone, as from a file manager.
  await app.getByTestId('batch-drop').evaluate((zone, text) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], 'fincas.csv', { type: 'text/csv' }));
    zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, CSV);
  await expect(app.getByTestId('batch-drop')).toContainText('fincas.csv: 4 rows');
  await expect(app.getByTestId('batch-column-reference')).toHaveValue('referencia');
  await expect(app.getByTestId('batch-column-latitude')).toHaveValue('latitud');
  await expect(app.getByTestId('batch-column-longitude')).toHaveValue('longitud');
  await screenshot(app, '26-batch-columns');

  await app.getByTestId('batch-start').click();
  await expect(app.getByTestId('batch-run')).toHaveAttribute('data-state', 'done');
  await expect(app.getByTestId('batch-summary')).toHaveText('4 of 4 rows: 2 found, 1 not found, 1 failed · finished');
  // Both rows need fixing (a typo, an unknown reference): plain reasons, the code apart, the service's text on hover.
  const problems = app.getByTestId('batch-problems-fix_row');
  await expect(problems).toContainText('not found');
  await expect(problems).toContainText('VALIDATION_ERROR');
  await expect(problems).toContainText('The row is malformed: check the reference or the coordinates.');
  await expect(problems.locator('td[title^="Reference \'XYZ\'"]')).toHaveCount(1);
  await expect(app.getByTestId('batch-problems-retry_online')).toHaveCount(0);
  await screenshot(app, '27-batch-summary');

  const [gpkg] = await Promise.all([app.waitForEvent('download'), app.getByTestId('batch-download-gpkg').click()]);
  expect(gpkg.suggestedFilename()).toBe('fincas-result.gpkg');
  const info = spawnSync('ogrinfo', ['-so', '-al', (await gpkg.path())!], { encoding: 'utf8' });
  expect(info.status, info.stderr).toBe(0);
  expect(info.stdout).toMatch(/Feature Count: 4\n/);

  const [kml] = await Promise.all([app.waitForEvent('download'), app.getByTestId('batch-download-kml').click()]);
  const names = [...readFileSync((await kml.path())!, 'utf8').matchAll(/<name>([^<]+)<\/name>/g)].map((m) => m[1]);
  expect(names.filter((n) => n === SAMPLE_PARCEL.ref)).toHaveLength(2);
});

test('batch: a CSV without recognisable columns asks for them, and the named column is used', async ({ app }) => {
  await app.getByTestId('batch-open').click();
  await app.getByTestId('batch-file').setInputFiles({ name: 'odd.csv', mimeType: 'text/csv', buffer: Buffer.from(`finca,nota\n${SAMPLE_PARCEL.ref},x\n`) });
  await expect(app.getByTestId('batch-dialog')).toContainText('No reference column');
  await expect(app.getByTestId('batch-start')).toBeDisabled();
  await app.getByTestId('batch-column-reference').selectOption('finca');
  await app.getByTestId('batch-start').click();
  await expect(app.getByTestId('batch-summary')).toHaveText('1 of 1 rows: 1 found, 0 not found, 0 failed · finished');
});

test('batch: Escape closes the dialog and leaves the selected parcel behind it selected', async ({ app }) => {
  await app.getByTestId('search-input').fill(SAMPLE_PARCEL.ref);
  await app.getByTestId('search-input').press('Enter');
  await expect(app.getByTestId('parcel-ref')).toHaveText(SAMPLE_PARCEL.ref);
  await app.getByTestId('batch-open').click();
  await expect(app.getByTestId('batch-dialog')).toBeVisible();
  await app.keyboard.press('Escape');
  await expect(app.getByTestId('batch-dialog')).toHaveCount(0);
  await expect(app.getByTestId('parcel-ref')).toHaveText(SAMPLE_PARCEL.ref);
  await screenshot(app, 'batch-escape-closes');
});

test('batch: opening the dialog moves the focus into it, and closing it gives the focus back to Batch…', async ({ app }) => {
  await app.getByTestId('batch-open').focus();
  await app.keyboard.press('Enter');
  await expect(app.getByTestId('batch-dialog')).toBeVisible();
  expect(await app.getByTestId('batch-dialog').evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  await app.keyboard.press('Tab');
  expect(await app.getByTestId('batch-dialog').evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  await app.keyboard.press('Escape');
  await expect(app.getByTestId('batch-open')).toBeFocused();
});

test("batch: with a spreadsheet's long column names the column choices and the preview fit the dialog, at 1280 and at 1024 px", async ({ app }) => {
  // A valuation office's export: long Spanish headings, one more column than the app reads.
  const csv = [
    'Referencia catastral;Latitud (grados decimales);Longitud (grados decimales);País del inmueble;Observaciones del tasador',
    `${SAMPLE_PARCEL.ref};;;ES;visita 12/11`,
  ].join('\n');
  for (const width of [1280, 1024]) {
    await app.setViewportSize({ width, height: width === 1024 ? 640 : 800 });
    await app.getByTestId('batch-open').click();
    await app.getByTestId('batch-file').setInputFiles({ name: 'tasaciones.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(app.getByTestId('batch-column-reference')).toHaveValue('Referencia catastral');
    const panel = app.getByTestId('batch-dialog').locator('.dialog');
    const box = (await panel.boundingBox())!;
    for (const kind of ['reference', 'latitude', 'longitude', 'country', 'provincia', 'municipio', 'poligono', 'parcela']) {
      const select = (await app.getByTestId(`batch-column-${kind}`).boundingBox())!;
      expect(select.x + select.width, `the ${kind} column choice ends inside the dialog at ${width} px`).toBeLessThanOrEqual(box.x + box.width);
    }
    // Nothing of the dialog hides to the right (a sideways scrollbar in a dialog is missed by users).
    expect(await panel.evaluate((element) => element.scrollWidth - element.clientWidth), `no sideways scrolling at ${width} px`).toBeLessThanOrEqual(0);
    await screenshot(app, `batch-long-columns-${width}`);
    await app.keyboard.press('Escape');
    await expect(app.getByTestId('batch-dialog')).toHaveCount(0);
  }
});
