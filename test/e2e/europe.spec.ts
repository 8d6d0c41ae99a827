import { expect, mapIdle, screenshot, search, test } from './support/app.js';

// The fake Europe (test/fake-upstream/countries) replays France's and the Netherlands' recordings.

test('a French IDU in the search box identifies the parcel; the panel names France and the French source', async ({ app }) => {
  await search(app, '29158000AW0001');
  await expect(app.getByTestId('parcel-ref')).toHaveText('29158000AW0001');
  const panel = app.getByTestId('parcel-panel');
  await expect(panel).toContainText('France (FR)');
  await expect(panel).toContainText('Penmarch');
  await expect(app.getByTestId('attribution')).toContainText('DGFiP');
  // The map credits the selected parcel's cadastre too (the attribution its source demands).
  await expect(app.locator('.maplibregl-ctrl-attrib')).toContainText('DGFiP');
  await mapIdle(app);
  await screenshot(app, 'europe-01-france-reference');
});

test('a Dutch kadastrale aanduiding typed with spaces is recognised by the service', async ({ app }) => {
  await search(app, 'OTL02 B 2298');
  await expect(app.getByTestId('parcel-ref')).toHaveText('OTL02-B-2298');
  await expect(app.getByTestId('parcel-panel')).toContainText('Otterlo');
  await expect(app.getByTestId('attribution')).toContainText('Kadaster');
  await expect(app.locator('.maplibregl-ctrl-attrib')).toContainText('Kadaster');
});

test('the address country follows the map centre and the candidates come from that country', async ({ app }) => {
  await app.evaluate(() => window.__catastroMap!.jumpTo({ center: [5.3604, 43.2784], zoom: 15 }));
  await mapIdle(app);
  await expect(app.getByTestId('search-country')).toHaveValue('FR');
  // The Géoplateforme's recorded answer; the Marseille address is the one with a parcel in the fake.
  await search(app, "3 rue de l'école 13");
  const candidate = app.getByTestId('candidates').getByRole('button').first();
  await expect(candidate).toContainText("3 Rue de l'ecole 13007 Marseille");
  await candidate.click();
  await expect(app.getByTestId('parcel-ref')).toHaveText('13207000AB0012');
  await expect(app.getByTestId('parcel-panel')).toContainText('France (FR)');
  await screenshot(app, 'europe-02-france-address');
});

test('the map credits the cadastre of every parcel in view, not only the selected one', async ({ app }) => {
  const attribution = app.locator('.maplibregl-ctrl-attrib');
  // The Dutch answer is kept in the copy, so its parcel is drawn from the copy's tiles from now on.
  await search(app, 'OTL02 B 2298');
  await expect(app.getByTestId('parcel-ref')).toHaveText('OTL02-B-2298');
  await mapIdle(app);
  const otterlo = await app.evaluate(() => window.__catastroMap!.getCenter().toArray());
  await search(app, '29158000AW0001');
  await expect(app.getByTestId('parcel-ref')).toHaveText('29158000AW0001');
  await mapIdle(app);
  await expect(attribution).toContainText('DGFiP');
  await expect(attribution).not.toContainText('Kadaster');
  // Back over Otterlo with the French parcel still selected: the Dutch parcel in view is credited too.
  await app.evaluate((centre) => window.__catastroMap!.jumpTo({ center: centre as [number, number], zoom: 17 }), otterlo);
  await mapIdle(app);
  await expect(app.getByTestId('parcel-ref')).toHaveText('29158000AW0001');
  await expect(attribution).toContainText('Kadaster');
  await expect(attribution).toContainText('DGFiP');
  await screenshot(app, 'europe-03-attribution-in-view');
});

test("the panel links each parcel to its country's official viewer where the owner documents a deep link, and to none elsewhere", async ({ app }) => {
  // Poland: GUGiK documents geoportal.gov.pl's `identifyParcel` (the recorded ULDK parcel).
  await search(app, '141201_1.0001.6509');
  await expect(app.getByTestId('parcel-ref')).toHaveText('141201_1.0001.6509');
  const viewer = app.getByTestId('official-viewer');
  await expect(viewer).toHaveAttribute('href', 'https://mapy.geoportal.gov.pl/imap/?identifyParcel=141201_1.0001.6509');
  await expect(viewer).toContainText('Geoportal.gov.pl');
  await expect(viewer).toHaveAttribute('target', '_blank');
  // France: Géoportail's permalink at the parcel's centroid (the one the panel shows), cadastral parcels on.
  await search(app, '29158000AW0001');
  await expect(app.getByTestId('parcel-ref')).toHaveText('29158000AW0001');
  const [lat, lon] = (await app.getByTestId('centroid').innerText()).split(',').map((v) => v.trim().split(/\s/)[0]);
  await expect(viewer).toHaveAttribute(
    'href',
    `https://www.geoportail.gouv.fr/carte?c=${lon},${lat}&z=19&l0=CADASTRALPARCELS.PARCELLAIRE_EXPRESS::GEOPORTAIL:OGC:WMTS(1)&permalink=yes`,
  );
  await expect(viewer).toContainText('Géoportail');
  // The Netherlands: no deep-link format of the Kadaster's viewers is documented, so no link (the map link stays).
  await search(app, 'OTL02 B 2298');
  await expect(app.getByTestId('parcel-ref')).toHaveText('OTL02-B-2298');
  await expect(app.getByTestId('official-viewer')).toHaveCount(0);
  await screenshot(app, 'europe-04-official-viewer');
});
