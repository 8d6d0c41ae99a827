import { SAMPLE_PARCEL, expect, mapIdle, screenshot, search, test } from './support/app.js';

test('the analysis panel shows solar figures, protected-area overlap and ground motion of the selected parcel', async ({ app }) => {
  await search(app, SAMPLE_PARCEL.ref);
  await expect(app.getByTestId('parcel-ref')).toHaveText(SAMPLE_PARCEL.ref);
  await app.getByTestId('run-analysis').click();
  // Solar comes from the (fake) PVGIS answer, terrain from the imported Madrid SPAs, which this
  // Segovian parcel does not meet, and ground motion has no EGMS cells here.
  await expect(app.getByTestId('solar-facts')).toContainText('kWh');
  await expect(app.getByTestId('solar-facts')).toContainText('PVGIS');
  await expect(app.getByTestId('terrain-summary')).toHaveText('Outside every protected site loaded.');
  await expect(app.getByTestId('ground-motion-summary')).toContainText('no estimate');
  await screenshot(app, '09-analysis-panel');
});

test('the protected-areas overlay draws the imported sites where the map looks', async ({ app, appUrl }) => {
  const overlay = await (await app.request.get(`${appUrl}/api/overlays/protected-areas?bbox=-4.6,39.8,-3.0,41.2`)).json();
  expect(overlay.data.features.length).toBeGreaterThan(0);
  const [lon, lat] = overlay.data.features[0].geometry.coordinates[0][0];
  await app.evaluate(([longitude, latitude]) => window.__catastroMap!.jumpTo({ center: [longitude, latitude], zoom: 11 }), [lon, lat]);
  await app.getByTestId('layer-protectedAreas').check();
  await expect.poll(() => app.evaluate(() => window.__catastroMap!.queryRenderedFeatures({ layers: ['protected-areas-fill'] }).length), { timeout: 15_000 })
    .toBeGreaterThan(0);
  await mapIdle(app);
  await screenshot(app, '10-protected-areas-overlay');
  await app.getByTestId('layer-protectedAreas').uncheck();
  await expect.poll(() => app.evaluate(() => window.__catastroMap!.getLayoutProperty('protected-areas-fill', 'visibility'))).toBe('none');
});
