import { SAMPLE_PARCEL, expect, mapIdle, screenshot, search, test } from './support/app.js';

test('the analysis panel shows solar figures, protected-area overlap and ground motion of the selected parcel', async ({ app }) => {
  await search(app, SAMPLE_PARCEL.ref);
  await expect(app.getByTestId('parcel-ref')).toHaveText(SAMPLE_PARCEL.ref);
  await app.getByTestId('run-analysis').click();
  // Solar comes from the (fake) PVGIS answer, terrain from the imported Madrid SPAs, which this
  // Segovian parcel does not meet, and ground motion has no EGMS tile loaded here (only Ustica's): it says so (issue 15 item 2).
  await expect(app.getByTestId('solar-facts')).toContainText('kWh');
  await expect(app.getByTestId('solar-facts')).toContainText('PVGIS');
  await expect(app.getByTestId('terrain-summary')).toHaveText('Outside every protected site loaded.');
  await expect(app.getByTestId('ground-motion-summary')).toHaveAttribute('data-reason', 'no-data-loaded');
  await screenshot(app, '09-analysis-panel');
});

test('the protected-areas overlay draws the imported sites where the map looks', async ({ app, appUrl }) => {
  const overlay = await (await app.request.get(`${appUrl}/api/overlays/protected-areas?bbox=-4.6,39.8,-3.0,41.2`)).json();
  expect(overlay.data.features.length).toBeGreaterThan(0);
  const [lon, lat] = overlay.data.features[0].geometry.coordinates[0][0];
  await app.evaluate(([longitude, latitude]) => window.__catastroMap!.jumpTo({ center: [longitude, latitude], zoom: 11 }), [lon, lat]);
  await app.getByTestId('layer-protectedAreas').check();
  await expect
    .poll(() => app.evaluate(() => window.__catastroMap!.queryRenderedFeatures({ layers: ['protected-areas-fill'] }).length), { timeout: 15_000 })
    .toBeGreaterThan(0);
  await mapIdle(app);
  await screenshot(app, '10-protected-areas-overlay');
  await app.getByTestId('layer-protectedAreas').uncheck();
  await expect.poll(() => app.evaluate(() => window.__catastroMap!.getLayoutProperty('protected-areas-fill', 'visibility'))).toBe('none');
});

test('national designated areas are drawn in their own colour beside the Natura 2000 sites', async ({ app, appUrl }) => {
  // The setup imports Madrid's SACs as a national register (no real one is at hand): the
  // Guadalix SAC north of Madrid lies next to the Soto de Viñuelas SPA.
  const overlay = await (await app.request.get(`${appUrl}/api/overlays/protected-areas?bbox=-3.8,40.6,-3.5,40.8`)).json();
  const registers = new Set((overlay.data.features as { properties: { register: string } }[]).map((f) => f.properties.register));
  expect([...registers].sort()).toEqual(['national', 'natura2000']);
  await app.evaluate(() => window.__catastroMap!.jumpTo({ center: [-3.65, 40.7], zoom: 10 }));
  await app.getByTestId('layer-protectedAreas').check();
  const rendered = () =>
    app.evaluate(() =>
      window
        .__catastroMap!.queryRenderedFeatures({ layers: ['protected-areas-fill'] })
        .map((f) => ({ register: f.properties.register as string, color: String(f.layer.paint?.['fill-color' as never]) })),
    );
  await expect.poll(async () => new Set((await rendered()).map((f) => f.register)).size, { timeout: 15_000 }).toBe(2);
  await mapIdle(app);
  const drawn = await rendered();
  // MapLibre evaluates the paint per feature as `rgba(r,g,b,a)`: national violet (#9c36b5), Natura 2000 never.
  const rgb = (color: string) => /^rgba\(\s*([\d.]+),\s*([\d.]+),\s*([\d.]+)/.exec(color)!.slice(1).map(Number);
  for (const f of drawn.filter((d) => d.register === 'national')) expect(rgb(f.color)).toEqual([156, 54, 181]);
  for (const f of drawn.filter((d) => d.register === 'natura2000')) expect(rgb(f.color)).not.toEqual([156, 54, 181]);
  await screenshot(app, '10b-national-designated-areas-overlay');
  await app.getByTestId('layer-protectedAreas').uncheck();
});

test('the ground-motion overlay draws the real EGMS cells of Ustica coloured by vertical velocity', async ({ app, appUrl }) => {
  // Tile E45N17 covers Ustica (about 13.15 E, 38.70 N); the overlay answers the cells in a bbox.
  const overlay = await (await app.request.get(`${appUrl}/api/overlays/ground-motion?bbox=13.0,38.6,13.3,38.8`)).json();
  const cells = overlay.data.features as { properties: { pid: string; mean_velocity: number | null }; geometry: { coordinates: number[][][] } }[];
  expect(cells.length).toBeGreaterThan(10);
  const ring = cells[0].geometry.coordinates[0];
  const center = [(ring[0][0] + ring[2][0]) / 2, (ring[0][1] + ring[2][1]) / 2];
  await app.evaluate(([longitude, latitude]) => window.__catastroMap!.jumpTo({ center: [longitude, latitude], zoom: 14 }), center);
  await app.getByTestId('layer-groundMotion').check();
  const rendered = () =>
    app.evaluate(() =>
      window.__catastroMap!.queryRenderedFeatures({ layers: ['ground-motion-fill'] }).map((f) => ({
        pid: f.properties.pid as string,
        velocity: f.properties.mean_velocity as number | null,
        color: String(f.layer.paint?.['fill-color' as never]),
      })),
    );
  await expect.poll(async () => (await rendered()).length, { timeout: 15_000 }).toBeGreaterThan(0);
  await mapIdle(app);
  const drawn = await rendered();
  // The drawn cells are the served ones, and their colour follows their velocity: the fastest
  // sinking cell in view (Ustica's reach -5.7 mm/year) is drawn redder than the most stable one.
  const served = new Map(cells.map((c) => [c.properties.pid, c.properties.mean_velocity]));
  for (const cell of drawn) expect(served.get(cell.pid)).toBe(cell.velocity);
  const byVelocity = drawn.filter((c) => c.velocity !== null).sort((a, b) => a.velocity! - b.velocity!);
  const [fastest, stablest] = [byVelocity[0], byVelocity[byVelocity.length - 1]];
  expect(stablest.velocity! - fastest.velocity!).toBeGreaterThan(2);
  // MapLibre evaluates the paint per feature: `rgba(r,g,b,a)`. Red ramp: less green where it sinks faster.
  const green = (color: string) => Number(/^rgba\(\s*[\d.]+,\s*([\d.]+),/.exec(color)?.[1]);
  expect(green(fastest.color)).toBeLessThan(green(stablest.color));
  await expect(app.getByTestId('legend-groundMotion')).toContainText('-10 mm/year or faster (sinking)');
  await screenshot(app, '11-ground-motion-overlay');
  await app.getByTestId('layer-groundMotion').uncheck();
  await expect(app.getByTestId('legend-groundMotion')).toHaveCount(0);
  await expect.poll(() => app.evaluate(() => window.__catastroMap!.getLayoutProperty('ground-motion-fill', 'visibility'))).toBe('none');
});
