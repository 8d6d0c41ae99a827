// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CountryRegistry } from '../../../../core/countries/registry.js';
import { checkSourcesLive } from '../../../../core/status/sources-check.js';
import { UpstreamClient } from '../../../../core/upstream/upstream-client.js';
import { ClientContext } from '../../../../renderer/ui/client-context.js';
import { i18next } from '../../../../renderer/i18n/i18n.js';
import { SourceStatusItem } from '../../../../renderer/status/SourceStatusItem.js';
import { startFakeServer, type FakeServer } from '../../../fake-upstream/countries/fake-server.js';
import { frenchRoutes, frenchSources } from '../../../../core/countries/fr/test/fake.js';
import { polishSources } from '../../../../core/countries/pl/test/fake.js';
import { fakeClient } from '../../../helpers/fake-client.js';

/** France on its fake (recordings), Poland on a loopback port nothing listens on: the core's real check of both. */
let france: FakeServer;
let registry: CountryRegistry;
beforeAll(async () => {
  france = await startFakeServer([frenchRoutes]);
  registry = CountryRegistry.create({ fr: frenchSources(france.url), pl: polishSources('http://127.0.0.1:9') });
});
afterAll(() => france?.close());
afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('en');
});

const status = { version: '2026-10-01', status: 'ok', parcels: 0, sources: [], countries: [] };
const clientOf = (withCheck: boolean) =>
  fakeClient(
    { status: async () => status as never },
    {
      ...(withCheck && {
        checkSourcesLive: () => checkSourcesLive({ registry, http: new UpstreamClient({ retries: 0, timeoutMs: 2000 }), countries: ['FR', 'PL'] }),
      }),
    },
  );
const renderItem = (withCheck = true) =>
  render(
    <ClientContext.Provider value={clientOf(withCheck)}>
      <SourceStatusItem refreshMs={60_000} />
    </ClientContext.Provider>,
  );

describe('"Check the sources" on the status page', () => {
  it('runs the check and shows one row per lookup: country, capability, answered, matches, time', async () => {
    renderItem();
    const button = await screen.findByRole('button', { name: 'Check the sources' });
    fireEvent.click(button);
    expect(screen.getByRole('button', { name: 'Checking the sources…' })).toHaveProperty('disabled', true);
    const verdict = await screen.findByTestId('sources-check-verdict', {}, { timeout: 20_000 });
    expect(verdict.textContent).toBe('3 of 6 lookups did not answer the known answer');
    const rows = within(screen.getByTestId('sources-check'))
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
    expect(rows.map((cells) => cells.slice(0, 4))).toEqual([
      ['FR', 'by reference', 'yes', 'yes'],
      ['FR', 'by coordinates', 'yes', 'yes'],
      ['FR', 'by address', 'yes', 'yes'],
      ['PL', 'by reference', 'no', 'no'],
      ['PL', 'by coordinates', 'no', 'no'],
      ['PL', 'by address', 'no', 'no'],
    ]);
    for (const cells of rows) expect(cells[4]).toMatch(/^\d+ ms$/);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Check the sources' })).toHaveProperty('disabled', false));
  }, 30_000);

  it('speaks the shown language', async () => {
    await i18next.changeLanguage('es');
    renderItem();
    fireEvent.click(await screen.findByRole('button', { name: 'Comprobar las fuentes' }));
    expect((await screen.findByTestId('sources-check-verdict', {}, { timeout: 20_000 })).textContent).toBe('3 de 6 consultas no dieron la respuesta conocida');
    expect(
      within(screen.getByTestId('sources-check'))
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['País', 'Consulta', 'Responde', 'Coincide', 'Tiempo']);
  }, 30_000);

  it('is absent where the app may not start it (a tab of a plain catastro serve)', async () => {
    renderItem(false);
    await screen.findByTestId('source-status');
    expect(screen.queryByTestId('sources-check')).toBeNull();
  });
});
