import { MADRID_FINCA, SAMPLE_PARCEL, expect, mapIdle, search, test } from './support/app.js';

test.describe('search understands what people type and checks before it asks (item 4)', () => {
  test('a unit reference with wrong control letters is caught locally, and the suggested letters find the unit', async ({ app }) => {
    const asked: string[] = [];
    app.on('request', (request) => {
      if (request.url().includes('/api/')) asked.push(request.url());
    });
    await search(app, '9398516VK3799G0001AZ');
    const problem = app.getByTestId('search-problem');
    await expect(problem).toContainText('they are AY, not AZ');
    expect(asked.filter((url) => url.includes('/api/catastro/'))).toEqual([]);
    await app.getByTestId('search-suggestion').click();
    await expect(app.getByTestId('unit-ref')).toHaveText('9398516VK3799G0001AY');
    await expect(app.getByTestId('search-input')).toHaveValue('9398516VK3799G0001AY');
  });

  test('"Polígono 4 Parcela 30" finds the rustic parcel of the municipality in view, asked by its numbers (the service finds the sector)', async ({ app }) => {
    const asked: string[] = [];
    app.on('request', (request) => {
      if (request.url().includes('/api/catastro/')) asked.push(request.url());
    });
    await app.evaluate(({ longitude, latitude }) => window.__catastroMap!.jumpTo({ center: [longitude, latitude], zoom: 15 }), SAMPLE_PARCEL);
    await app.waitForFunction(() => window.__catastroMap!.areTilesLoaded());
    await search(app, 'Polígono 4 Parcela 30');
    await expect(app.getByTestId('search-kind')).toHaveText('Polígono / parcela');
    await expect(app.getByTestId('parcel-ref')).toHaveText('40146A00400030');
    expect(asked.some((url) => url.endsWith('/api/catastro/rustic?provincia=40&municipio=146&poligono=4&parcela=30'))).toBe(true);

    // Numbers the municipality does not have: the service's not-found, said in the search's place.
    await search(app, 'Polígono 998 Parcela 1');
    await expect(app.getByTestId('search-problem')).toContainText('Polígono 998, parcela 1');
    await expect(app.getByTestId('parcel-ref')).toHaveCount(0);
  });

  test('"pol 4 par 30, Melque de Cercos (Segovia)" finds the parcel offline by the names typed; with the name alone, the province is that of the parcels in view, and with none in view the box asks for it', async ({
    offlineApp: app,
  }) => {
    const asked: string[] = [];
    app.on('request', (request) => {
      if (request.url().includes('/api/catastro/rustic')) asked.push(request.url());
    });
    // Nowhere near a parcel (the Gulf of Guinea): only the text can name the place.
    await app.evaluate(() => window.__catastroMap!.jumpTo({ center: [0, 0], zoom: 15 }));
    await mapIdle(app);
    await search(app, 'Melque de Cercos polígono 4 parcela 30');
    await expect(app.getByTestId('search-kind')).toHaveText('Polígono / parcela');
    await expect(app.getByTestId('search-problem')).toContainText('The province of Melque de Cercos is needed');
    await expect(app.getByTestId('search-problem')).toContainText('"Polígono 4 Parcela 30, Melque de Cercos (Segovia)"');
    expect(asked).toEqual([]);

    // The sample's offline area holds both names: no directory is asked (none can be reached).
    await search(app, 'pol 4 par 30, Melque de Cercos (Segovia)');
    await expect(app.getByTestId('parcel-ref')).toHaveText('40146A00400030');
    expect(asked.at(-1)).toMatch(/\/api\/catastro\/rustic\?provincia=Segovia&municipio=Melque\+de\+Cercos&poligono=4&parcela=30$/);

    // Unselected, with the map where the parcel was found: the province is that of the rustic parcels in view.
    await app.getByTestId('search-input').press('Escape');
    await expect(app.getByTestId('parcel-ref')).toHaveCount(0);
    await mapIdle(app);
    await search(app, 'Polígono 4 Parcela 30 de Melque de Cercos');
    await expect(app.getByTestId('parcel-ref')).toHaveText('40146A00400030');
    expect(asked.at(-1)).toMatch(/\/api\/catastro\/rustic\?provincia=40&municipio=Melque\+de\+Cercos&poligono=4&parcela=30$/);
  });

  test('UTM ETRS89 coordinates and a longitude-first pair find the parcel at that point', async ({ app }) => {
    // The sample parcel's centroid in EPSG:25830, as GDAL computes it.
    await search(app, '30T 376458.52 4546461.01');
    await expect(app.getByTestId('search-kind')).toHaveText('UTM ETRS89 zone 30');
    await expect(app.getByTestId('parcel-ref')).toHaveText(SAMPLE_PARCEL.ref);

    // Without a zone, the zone of the map's centre (-4.47°: zone 30) is inferred. A failed search clears the parcel first, so the find is this one's.
    await search(app, '40146A99999999');
    await expect(app.getByTestId('parcel-ref')).toHaveCount(0);
    await search(app, '376458.52 4546461.01');
    await expect(app.getByTestId('search-kind')).toHaveText('UTM ETRS89 zone 30');
    await expect(app.getByTestId('parcel-ref')).toHaveText(SAMPLE_PARCEL.ref);

    await search(app, `${SAMPLE_PARCEL.longitude.toFixed(6)}, ${SAMPLE_PARCEL.latitude.toFixed(6)}`);
    await expect(app.getByTestId('parcel-ref')).toHaveText(SAMPLE_PARCEL.ref);
  });

  test('a lone 14-digit number is never sent to the address geocoder', async ({ app }) => {
    const addressCalls: string[] = [];
    app.on('request', (request) => {
      if (request.url().includes('/api/search/address')) addressCalls.push(request.url());
    });
    await search(app, '12345678901234');
    await expect(app.getByTestId('search-problem')).toBeVisible();
    expect(addressCalls).toEqual([]);
  });

  test('the address candidates are reached with the arrow keys from the box, Enter opens the one reached, Escape goes back to the box', async ({
    offlineApp: app,
    appUrl,
    request,
  }) => {
    // The Madrid finca looked up once while online: its address is in the copy, which answers offline.
    expect((await request.get(`${appUrl}/api/catastro/${MADRID_FINCA}`)).ok()).toBe(true);
    await search(app, 'Calle San Restituto 72, Madrid', { country: 'ES' });
    const first = app.getByTestId('candidates').getByRole('button').first();
    await expect(first).toContainText(MADRID_FINCA);
    await app.getByTestId('search-input').press('ArrowDown');
    await expect(first).toBeFocused();
    await app.keyboard.press('ArrowUp');
    await expect(app.getByTestId('search-input')).toBeFocused();
    await app.keyboard.press('ArrowDown');
    await app.keyboard.press('Escape');
    await expect(app.getByTestId('search-input')).toBeFocused();
    await expect(app.getByTestId('candidates')).toHaveCount(0);
    await app.getByTestId('search-input').press('Enter');
    await expect(first).toContainText(MADRID_FINCA);
    await app.getByTestId('search-input').press('ArrowDown');
    await app.keyboard.press('Enter');
    await expect(app.getByTestId('parcel-ref')).toHaveText(MADRID_FINCA);
  });
});
