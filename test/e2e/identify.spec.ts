import { MADRID_FINCA, SAMPLE_PARCEL, expect, mapIdle, screenshot, search, test } from './support/app.js';

test('search by a 14-character reference selects that parcel and shows its facts with the attribution', async ({ app }) => {
  await search(app, SAMPLE_PARCEL.ref);
  await expect(app.getByTestId('parcel-ref')).toHaveText(SAMPLE_PARCEL.ref);
  const panel = app.getByTestId('parcel-panel');
  await expect(panel).toContainText('MELQUE DE CERCOS');
  await expect(panel).toContainText('Rústico');
  await expect(panel).toContainText('1,086 m²');
  await expect(panel).toContainText('Local copy of the national cadastre');
  await expect(app.getByTestId('attribution')).toContainText('Dirección General del Catastro');
  await mapIdle(app);
  await screenshot(app, '01-search-reference');
});

test('search by decimal coordinates and by DMS selects the parcel at that point', async ({ app }) => {
  await search(app, '41.06, -4.47');
  await expect(app.getByTestId('search-kind')).toHaveText('Coordinates');
  await expect(app.getByTestId('parcel-ref')).toHaveText('40146A00405051');
  await mapIdle(app);
  await screenshot(app, '02-search-coordinates');

  // 41°3'36.07"N 4°28'12.97"W is the sample parcel's centroid written in DMS.
  await search(app, `41°3'36.07"N 4°28'12.97"W`);
  await expect(app.getByTestId('parcel-ref')).toHaveText(SAMPLE_PARCEL.ref);
});

test('a click on the map selects the parcel under the cursor', async ({ app }) => {
  await app.evaluate(({ longitude, latitude }) => window.__catastroMap!.jumpTo({ center: [longitude, latitude], zoom: 17 }), SAMPLE_PARCEL);
  await mapIdle(app);
  const point = await app.evaluate(({ longitude, latitude }) => {
    const { x, y } = window.__catastroMap!.project([longitude, latitude]);
    return { x, y };
  }, SAMPLE_PARCEL);
  const box = (await app.getByTestId('map').boundingBox())!;
  await app.mouse.click(box.x + point.x, box.y + point.y);
  await expect(app.getByTestId('parcel-ref')).toHaveText(SAMPLE_PARCEL.ref);
  await mapIdle(app);
  await screenshot(app, '03-click-selects');
});

test('the units table lists all 18 units of the Madrid finca and a row opens the unit', async ({ app }) => {
  await search(app, MADRID_FINCA);
  await expect(app.getByTestId('parcel-ref')).toHaveText(MADRID_FINCA);
  await expect(app.getByTestId('units-shown')).toHaveText('18 of 18 units');
  const rows = app.getByTestId('unit-row');
  await expect(rows).toHaveCount(18);
  const refs = await rows.evaluateAll((elements) => elements.map((e) => e.getAttribute('data-ref')));
  expect(new Set(refs).size).toBe(18);
  for (const ref of refs) expect(ref).toMatch(new RegExp(`^${MADRID_FINCA}\\d{4}[A-Z]{2}$`));
  await screenshot(app, '04-units-table');

  // Sorting by area puts the rows in area order.
  await app.getByRole('button', { name: 'Area m²' }).click();
  const areas = await rows.evaluateAll((elements) => elements.map((e) => Number(e.children[5].textContent)));
  expect(areas).toEqual([...areas].sort((a, b) => a - b));

  await rows.first().click();
  await expect(app.getByTestId('unit-ref')).toHaveText(/^9398516VK3799G\d{4}[A-Z]{2}$/);
  await screenshot(app, '05-unit-opened');
});

test('an opened unit is brought into view, from the search box and from the last row of the table, and its close button leaves its Copy button free', async ({
  app,
}) => {
  await app.setViewportSize({ width: 1280, height: 800 });
  // A 20-character reference: the finca shows first, the unit's card further down the panel.
  await search(app, `${MADRID_FINCA}0002SU`);
  const card = app.getByTestId('unit-card');
  await expect(app.getByTestId('unit-ref')).toHaveText(`${MADRID_FINCA}0002SU`);
  await expect(card).toBeInViewport({ ratio: 0.5 });
  const close = (await card.getByRole('button', { name: 'Close unit' }).boundingBox())!;
  const copy = (await card.getByRole('button', { name: 'Copy reference' }).boundingBox())!;
  const apart = close.x >= copy.x + copy.width || copy.x >= close.x + close.width || close.y >= copy.y + copy.height || copy.y >= close.y + close.height;
  expect(apart, "the unit card's close button does not lie over its Copy button").toBe(true);
  await screenshot(app, 'unit-card-in-view');

  // The table's last row, scrolled to: the card opens above the table, and the panel follows it.
  await card.getByRole('button', { name: 'Close unit' }).click();
  await expect(card).toHaveCount(0);
  const last = app.getByTestId('unit-row').last();
  await last.scrollIntoViewIfNeeded();
  const lastRef = await last.getAttribute('data-ref');
  await last.click();
  await expect(app.getByTestId('unit-ref')).toHaveText(lastRef!);
  await expect(card).toBeInViewport({ ratio: 0.5 });
});
