// @vitest-environment jsdom
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OfflineAreasService } from '../../../../core/offline/offline-areas-service.js';
import { CatastroService } from '../../../../core/service.js';
import { ParcelStore } from '../../../../core/store/parcel-store.js';
import { UpstreamClient } from '../../../../core/upstream/upstream-client.js';
import { ClientContext } from '../../../../renderer/ui/client-context.js';
import { toIpcResult } from '../../../../electron/ipc-result.js';
import type { CatastroClient, OfflineCapabilities } from '../../../../renderer/client/catastro-client.js';
import { unwrapIpcResult } from '../../../../renderer/client/ipc-client.js';
import { ErrorBanner } from '../../../../renderer/errors/ErrorBanner.js';
import { chooseLanguage } from '../../../../renderer/i18n/i18n.js';
import { OfflineDialog } from '../../../../renderer/offline/OfflineDialog.js';
import { registerMapView } from '../../../../renderer/map/view-context.js';
import { useAppStore } from '../../../../renderer/state/store.js';
import { useCountryList } from '../../../../renderer/state/countries.js';
import { installedCountries } from '../../../../core/countries/registry.js';
import { startFakeCatastroAtom, type FakeCatastroAtom } from '../../../fake-upstream/catastro-atom.js';
import { startFakeEtalabCadastre, type FakeEtalabCadastre } from '../../../fake-upstream/etalab-cadastre.js';
import { startFakeGeoApi, type FakeGeoApi } from '../../../fake-upstream/geo-api-gouv.js';
import { fakeClient } from '../../../helpers/fake-client.js';

/**
 * The dialog against the real facade part (OfflineAreasService) and the fake ATOM service
 * (hand-written feeds, real Segovia zips): only Electron's IPC channel is left out, errors cross
 * as the main process answers them and the IpcClient reads them (ClientError with the spec's code).
 */
const initial = useAppStore.getState();
let fake: FakeCatastroAtom;
let dir: string;
let store: ParcelStore;
let offline: OfflineCapabilities;

/** Both halves of the IPC hop: the main process's answer (toIpcResult) and the IpcClient's reading of it. */
const acrossIpc = <T,>(work: () => Promise<T> | T): Promise<T> => unwrapIpcResult(toIpcResult(work));

let etalab: FakeEtalabCadastre;
let geoApi: FakeGeoApi;
beforeAll(async () => {
  // The countries and their capabilities as the service's status gives them to the app (buildings, the foral note).
  useCountryList.setState({ countries: installedCountries().infos() });
  [fake, etalab, geoApi] = await Promise.all([startFakeCatastroAtom(), startFakeEtalabCadastre(), startFakeGeoApi()]);
});
afterAll(async () => {
  await Promise.all([fake?.close(), etalab?.close(), geoApi?.close()]);
});
beforeEach(() => {
  useAppStore.setState(initial, true);
  dir = mkdtempSync(path.join(os.tmpdir(), 'offline-dialog-'));
  store = ParcelStore.open(path.join(dir, 'catastro.sqlite'));
  const service = new OfflineAreasService(
    store,
    new UpstreamClient({ retries: 0 }),
    { atomBaseUrl: fake.baseUrl, etalabRoot: etalab.root, frGeoApiUrl: geoApi.baseUrl },
    dir,
  );
  offline = {
    areas: () => acrossIpc(() => service.list()),
    download: (choice, onProgress) => acrossIpc(() => service.download(choice, onProgress)),
    update: (ids, onProgress) => acrossIpc(() => service.update(ids, onProgress)),
    cancel: () => acrossIpc(() => service.cancel()),
    remove: (id) => acrossIpc(() => service.remove(id)),
    interrupted: () => acrossIpc(() => service.interrupted()),
    resume: (onProgress) => acrossIpc(() => service.resume(onProgress)),
    discardInterrupted: () => acrossIpc(() => service.discardInterrupted()),
  };
});
afterEach(async () => {
  // A download a failed test left running must not write into a closed copy or a torn-down window.
  await offline.cancel().catch(() => undefined);
  cleanup();
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

function renderDialog(client: CatastroClient) {
  render(
    <ClientContext.Provider value={client}>
      <OfflineDialog />
      <ErrorBanner />
    </ClientContext.Provider>,
  );
}

/** The dialog opened, `municipality` downloaded without buildings and cancelled once half its parcels zip is on disk (the fake stalls there). */
async function downloadCancelledHalfway(municipality: string, cancelled = /^Cancelled\./): Promise<number> {
  renderDialog({ kind: 'ipc', offline } as unknown as CatastroClient);
  useAppStore.getState().setOfflineDialog({ open: true });
  fireEvent.change(await screen.findByTestId('offline-municipalities'), { target: { value: municipality } });
  fireEvent.click(screen.getByTestId('offline-buildings'));
  fake.setFault('A.ES.SDGC.CP.40146.zip', { kind: 'stall' });
  fireEvent.click(screen.getByTestId('offline-download'));
  const half = fake.zipBytes['A.ES.SDGC.CP.40146.zip'].length >> 1;
  await waitFor(() => expect(Number(screen.getByTestId('offline-progress').querySelector('progress')?.getAttribute('value'))).toBe(half), { timeout: 30_000 });
  fireEvent.click(screen.getByTestId('offline-cancel'));
  expect((await screen.findByTestId('offline-result')).textContent).toMatch(cancelled);
  return half;
}

describe('the "available offline" dialog', () => {
  it(
    'downloads the municipalities of the map view with progress, then lists the area with its source and date; remove takes it away',
    { timeout: 120_000 },
    async () => {
      renderDialog({ kind: 'ipc', offline } as unknown as CatastroClient);
      useAppStore.getState().setOfflineDialog({ open: true, bbox: [-4.48, 41.03, -4.47, 41.04] });
      const dialog = await screen.findByTestId('offline-dialog');
      expect(within(dialog).getByText('None yet.')).toBeTruthy();
      expect((screen.getByTestId('offline-use-view') as HTMLInputElement).checked).toBe(true);
      fireEvent.click(screen.getByTestId('offline-download'));
      expect(await screen.findByTestId('offline-progress')).toBeTruthy();
      // A real download and import of 1,443 parcels: seconds alone, much longer on a loaded CI machine.
      const result = await screen.findByTestId('offline-result', {}, { timeout: 90_000 });
      expect(result.textContent).toBe('Done: 1,443 parcels and 246 buildings imported.');
      const row = await screen.findByTestId('offline-area-ES.40146');
      expect(row.textContent).toContain('MELQUE DE CERCOS');
      expect(row.textContent).toContain('Sep 11, 2021');
      expect(row.textContent).toContain('A.ES.SDGC.CP.40146.zip');
      expect(store.countParcels('ES')).toBe(1443);

      fireEvent.click(within(row).getByText('Remove'));
      await waitFor(() => expect(screen.queryByTestId('offline-area-ES.40146')).toBeNull());
      expect(store.countParcels('ES')).toBe(0);
    },
  );

  it('offers a cancelled download to resume (the rest only) or discard, also when opened again later', { timeout: 120_000 }, async () => {
    const half = await downloadCancelledHalfway('Melque de Cercos');

    // Closed and opened again (another day): the unfinished run is still there.
    act(() => useAppStore.getState().setOfflineDialog({ open: false }));
    await waitFor(() => expect(screen.queryByTestId('offline-dialog')).toBeNull());
    act(() => useAppStore.getState().setOfflineDialog({ open: true }));
    const offered = await screen.findByTestId('offline-interrupted');
    expect(offered.textContent).toContain(`A download did not finish: Melque de Cercos (${(half / 1_048_576).toFixed(1)} MB already on disk`);
    fake.requests.length = 0;
    fireEvent.click(within(offered).getByTestId('offline-resume'));
    const result = await screen.findByTestId('offline-result', {}, { timeout: 90_000 });
    await waitFor(() => expect(result.textContent).toBe('Done: 1,443 parcels and 0 buildings imported.'), { timeout: 90_000 });
    expect(fake.requests.filter((r) => r.path.endsWith('CP.40146.zip')).map((r) => r.range)).toEqual([`bytes=${half}-`]);
    await waitFor(() => expect(screen.queryByTestId('offline-interrupted')).toBeNull());
    expect(store.countParcels('ES')).toBe(1443);
  });

  it("names the areas of an unfinished download joined as the user's language joins a list", { timeout: 120_000 }, async () => {
    await chooseLanguage('de');
    try {
      await downloadCancelledHalfway('Melque de Cercos, 40146', /^Abgebrochen\./);
      act(() => useAppStore.getState().setOfflineDialog({ open: false }));
      act(() => useAppStore.getState().setOfflineDialog({ open: true }));
      const offered = await screen.findByTestId('offline-interrupted');
      expect(offered.querySelector('p')?.textContent).toMatch(/^Ein Download wurde nicht beendet: Melque de Cercos und 40146 \(/);
    } finally {
      await chooseLanguage('en');
    }
  });

  it('discards an interrupted download: its files go and it is no longer offered', { timeout: 60_000 }, async () => {
    await downloadCancelledHalfway('40146');
    fireEvent.click(within(await screen.findByTestId('offline-interrupted')).getByTestId('offline-discard'));
    await waitFor(() => expect(screen.queryByTestId('offline-interrupted')).toBeNull());
    expect(readdirSync(dir)).not.toContain('downloads');
    expect(store.countParcels('ES')).toBe(0);
  });

  it(
    'opened from the map over France picks France; downloads a commune by INSEE code from Etalab: the view means the communes in it, no buildings, no foral note',
    { timeout: 120_000 },
    async () => {
      const service = await CatastroService.open({ dataDir: mkdtempSync(path.join(dir, 'status-')), importSample: false });
      const { countries } = service.status();
      service.close();
      renderDialog(fakeClient({ status: async () => ({ countries }) as never }, { kind: 'ipc', offline }));
      useAppStore.getState().setOfflineDialog({ open: true, bbox: [2.31, 48.66, 2.34, 48.68] });
      const dialog = await screen.findByTestId('offline-dialog');
      await waitFor(() => expect((screen.getByTestId('offline-country-FR') as HTMLInputElement).checked).toBe(true));
      expect(within(dialog).getByText('Communes (names or INSEE codes, separated by commas)')).toBeTruthy();
      expect(within(dialog).getByText('The communes in the map view')).toBeTruthy();
      fireEvent.click(screen.getByTestId('offline-use-view'));
      expect(screen.queryByTestId('offline-buildings')).toBeNull();
      expect(within(dialog).queryByText(/Basque Country/)).toBeNull();
      expect((screen.getByTestId('offline-download') as HTMLButtonElement).disabled).toBe(true);
      fireEvent.change(screen.getByTestId('offline-municipalities'), { target: { value: '91216' } });
      fireEvent.click(screen.getByTestId('offline-download'));
      const result = await screen.findByTestId('offline-result', {}, { timeout: 90_000 });
      await waitFor(() => expect(result.textContent).toMatch(/^Done: 4,\d{3} parcels and 0 buildings imported\.$/), { timeout: 90_000 });
      const row = await screen.findByTestId('offline-area-FR.91216');
      expect(row.textContent).toContain('cadastre-91216-parcelles.json.gz');
      expect(etalab.requests.map((r) => r.path)).toEqual([expect.stringContaining('/communes/91/91216/')]);

      // Its Update goes back to Etalab (it asked the Catastro's feeds for commune 91216 before).
      etalab.requests.length = 0;
      fireEvent.click(within(row).getByText('Update'));
      await waitFor(() => expect(etalab.requests).toHaveLength(1), { timeout: 60_000 });
      await waitFor(() => expect(screen.getByTestId('offline-result').textContent).toMatch(/^Done: 4,\d{3} parcels/), { timeout: 60_000 });
      expect(screen.queryByRole('alert')).toBeNull();

      // With a Spanish area beside it, "Update all" takes each from its own publisher.
      await offline.download({ municipalities: ['40146'], buildings: false }, () => undefined);
      fireEvent.click(screen.getByTestId('offline-country-ES'));
      act(() => useAppStore.getState().setOfflineDialog({ open: false }));
      act(() => useAppStore.getState().setOfflineDialog({ open: true }));
      const updateAll = await screen.findByRole('button', { name: 'Update all 2' });
      etalab.requests.length = 0;
      fake.requests.length = 0;
      fireEvent.click(updateAll);
      await waitFor(() => expect(screen.getByTestId('offline-result').textContent).toMatch(/^Done: 5,\d{3} parcels and 246 buildings imported\.$/), {
        timeout: 60_000,
      });
      expect(etalab.requests).toHaveLength(1);
      expect(fake.requests.some((r) => r.path.endsWith('A.ES.SDGC.CP.40146.zip'))).toBe(true);
    },
  );

  it('France by the map: the commune under the view is found and downloaded', { timeout: 120_000 }, async () => {
    // The map stays where the user looks: the area is in view already.
    const shown: string[] = [];
    registerMapView({ centreLongitude: () => 2.3, refsInView: () => [], showArea: (extent) => shown.push(extent.area) });
    const client = { kind: 'ipc', offline, call: async (operation: string) => (operation === 'extents' ? store.copyExtents() : []) };
    renderDialog(client as unknown as CatastroClient);
    const [west, south, east, north] = geoApi.extent91216;
    useAppStore.getState().setOfflineDialog({ open: true, bbox: [west, south, east - 0.005, north] }); // clear of 91215's outline
    fireEvent.click(await screen.findByTestId('offline-country-FR'));
    expect((screen.getByTestId('offline-use-view') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByTestId('offline-download'));
    await waitFor(() => expect(screen.getByTestId('offline-result').textContent).toMatch(/^Done: 4,\d{3} parcels and 0 buildings imported\.$/), {
      timeout: 90_000,
    });
    expect(await screen.findByTestId('offline-area-FR.91216')).toBeTruthy();
    expect(shown).toEqual([]);
    registerMapView(null);
  });

  it('France by name: the map moves to the commune downloaded', { timeout: 120_000 }, async () => {
    // Issue #40 item 5: after a French commune came in, the map stayed over Spain.
    const shown: string[] = [];
    registerMapView({ centreLongitude: () => -4.47, refsInView: () => [], showArea: (extent) => shown.push(extent.area) });
    const client = { kind: 'ipc', offline, call: async (operation: string) => (operation === 'extents' ? store.copyExtents() : []) };
    renderDialog(client as unknown as CatastroClient);
    useAppStore.getState().setOfflineDialog({ open: true });
    fireEvent.click(await screen.findByTestId('offline-country-FR'));
    fireEvent.change(screen.getByTestId('offline-municipalities'), { target: { value: '91216' } });
    fireEvent.click(screen.getByTestId('offline-download'));
    await waitFor(() => expect(screen.getByTestId('offline-result').textContent).toMatch(/^Done: 4,\d{3} parcels/), { timeout: 90_000 });
    await waitFor(() => expect(shown).toEqual(['FR.91216']));
    registerMapView(null);
  });

  it("a French commune name nobody bears is refused with the names close to it; the service's English stays under Details", async () => {
    renderDialog({ kind: 'ipc', offline } as unknown as CatastroClient);
    useAppStore.getState().setOfflineDialog({ open: true });
    fireEvent.click(await screen.findByTestId('offline-country-FR'));
    fireEvent.change(screen.getByTestId('offline-municipalities'), { target: { value: 'Épinay' } });
    fireEvent.click(screen.getByTestId('offline-download'));
    const banner = await screen.findByRole('alert');
    expect(banner.querySelector('p')?.textContent).toBe('No French commune is named “Épinay”.');
    expect(banner.querySelector('.advice')?.textContent).toBe(
      'Names close to it: 91216 (Épinay-sur-Orge, 91) and 91215 (Épinay-sous-Sénart, 91). Give the full name or the INSEE code (e.g. 91216).',
    );
    expect(banner.querySelector('details code')?.textContent).toMatch(/^NOT_FOUND: No French commune is named "Épinay"\. Names close to it: 91216/);
  });

  // Refusals that name places reached the dialog in English whatever the language, their names and
  // candidates joined in English inside the service's text.
  it("says in the user's language that several French communes bear a name, naming them as a list of that language", async () => {
    await chooseLanguage('pl');
    try {
      renderDialog({ kind: 'ipc', offline } as unknown as CatastroClient);
      useAppStore.getState().setOfflineDialog({ open: true });
      fireEvent.click(await screen.findByTestId('offline-country-FR'));
      fireEvent.change(screen.getByTestId('offline-municipalities'), { target: { value: 'Saint-Martin' } });
      fireEvent.click(screen.getByTestId('offline-download'));
      const banner = await screen.findByRole('alert');
      expect(banner.querySelector('p')?.textContent).toBe(
        'Kilka francuskich gmin nazywa się „Saint-Martin”: 32398 (Saint-Martin, 32) i 54469 (Saint-Martin, 54).',
      );
      expect(banner.querySelector('.advice')?.textContent).toBe('Podaj kod INSEE tej, o którą chodzi.');
    } finally {
      await chooseLanguage('en');
    }
  });

  it("says in the user's language that an area is no longer in the copy (removed in another window), on remove and on update", async () => {
    const gone = {
      id: 'ES.40146',
      country: 'ES',
      code: '40146',
      name: 'MELQUE DE CERCOS',
      province: 'Segovia',
      source: `${fake.baseUrl}/CadastralParcels/40/A.ES.SDGC.CP.40146.zip`,
      parcels: 1443,
      buildings: 0,
      bytes: 1,
      updatedAt: '2026-01-01T00:00:00Z',
    };
    await chooseLanguage('de');
    try {
      renderDialog({ kind: 'ipc', offline: { ...offline, areas: async () => [gone] } } as unknown as CatastroClient);
      useAppStore.getState().setOfflineDialog({ open: true });
      const row = await screen.findByTestId('offline-area-ES.40146');
      fireEvent.click(within(row).getByText('Entfernen'));
      const banner = await screen.findByRole('alert');
      expect(banner.querySelector('p')?.textContent).toBe('Die lokale Kopie enthält kein Offline-Gebiet ES.40146.');
      expect(banner.querySelector('details code')?.textContent).toBe('NOT_FOUND: The copy holds no offline area ES.40146.');

      fireEvent.click(within(row).getByText('Aktualisieren'));
      const result = await screen.findByTestId('offline-result');
      await waitFor(() => expect(result.querySelector('.failures li')?.textContent).toBe('ES.40146: Die lokale Kopie enthält kein Offline-Gebiet ES.40146.'));
    } finally {
      await chooseLanguage('en');
    }
  });

  // Issue #40 item 5: offline, Download failed with a generic banner; nothing said before that it needs a connection.
  it('says before the user tries that downloading needs a connection; offline, disables what needs one with that reason', { timeout: 120_000 }, async () => {
    // An area held, and an update of it cut once bytes were on disk (the fake stalls halfway).
    await offline.download({ municipalities: ['40146'], buildings: false }, () => undefined);
    fake.setFault('A.ES.SDGC.CP.40146.zip', { kind: 'stall' });
    await offline.update(['ES.40146'], (p) => {
      if (p.phase === 'download' && p.bytesDone > 0) void offline.cancel();
    });
    renderDialog({ kind: 'ipc', offline } as unknown as CatastroClient);
    useAppStore.getState().setOfflineDialog({ open: true });
    fireEvent.change(await screen.findByTestId('offline-municipalities'), { target: { value: '40146' } });
    await screen.findByTestId('offline-area-ES.40146');
    const note = screen.getByTestId('offline-needs-connection');
    expect(note.textContent).toMatch(/^Downloading and updating need a connection/);
    expect((screen.getByTestId('offline-download') as HTMLButtonElement).disabled).toBe(false);

    act(() => useAppStore.getState().setConnectivity('offline'));
    expect(note.textContent).toMatch(/^You are offline: downloading, updating and resuming wait until the connection returns/);
    const row = screen.getByTestId('offline-area-ES.40146');
    const needing = [
      screen.getByTestId('offline-download'),
      within(row).getByText('Update'),
      within(await screen.findByTestId('offline-interrupted')).getByTestId('offline-resume'),
    ];
    for (const button of needing) {
      expect((button as HTMLButtonElement).disabled).toBe(true);
      expect(button.getAttribute('title')).toBe(note.textContent);
    }
    // What works offline stays enabled: removing an area, discarding what was fetched.
    expect((within(row).getByText('Remove') as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByTestId('offline-discard') as HTMLButtonElement).disabled).toBe(false);
    fake.requests.length = 0;
    fireEvent.click(screen.getByTestId('offline-download'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fake.requests).toHaveLength(0);

    act(() => useAppStore.getState().setConnectivity('online'));
    expect((screen.getByTestId('offline-download') as HTMLButtonElement).disabled).toBe(false);
  });

  // Issue #40 item 5: an update whose feeds could not be read said "Done: 0 parcels and 0 buildings imported."
  it('an update that fetched nothing says so, with the reason it could not ask, not "Done: 0 parcels"', { timeout: 60_000 }, async () => {
    await offline.download({ municipalities: ['40146'], buildings: false }, () => undefined);
    const unreachable = new OfflineAreasService(
      store,
      new UpstreamClient({ retries: 0, timeoutMs: 5000 }),
      { atomBaseUrl: 'http://127.0.0.1:9/INSPIRE', etalabRoot: etalab.root },
      dir,
    );
    const cut = { ...offline, update: (ids: string[], onProgress: never) => acrossIpc(() => unreachable.update(ids, onProgress)) };
    renderDialog({ kind: 'ipc', offline: cut } as unknown as CatastroClient);
    useAppStore.getState().setOfflineDialog({ open: true });
    fireEvent.click(within(await screen.findByTestId('offline-area-ES.40146')).getByText('Update'));
    const result = await screen.findByTestId('offline-result', {}, { timeout: 30_000 });
    await waitFor(() => expect(result.querySelector('p')?.textContent).toBe('Nothing was fetched:'));
    expect(result.querySelector('.failures li')?.textContent).toMatch(/^ES\.40146: .*Catastro INSPIRE ATOM/);
    expect(result.textContent).not.toMatch(/Done/);
    expect(store.countParcels('ES')).toBe(1443);
  });

  it('opens on nothing without the offline capability (a browser tab of a plain catastro serve)', () => {
    renderDialog({ kind: 'http' } as unknown as CatastroClient);
    useAppStore.getState().setOfflineDialog({ open: true });
    expect(screen.queryByTestId('offline-dialog')).toBeNull();
  });

  // The refusal reached the dialog in English whatever the language: its text is the CLI's and the
  // HTTP API's, and its reason did not cross IPC.
  it("says in the user's language that a download runs in another window or on the command line; the service's English stays under Details", async () => {
    const other = spawn('sleep', ['60'], { stdio: 'ignore' });
    mkdirSync(path.join(dir, 'downloads'));
    writeFileSync(
      path.join(dir, 'downloads', 'download-owner.json'),
      JSON.stringify({ pid: other.pid, token: 'another-window', since: new Date().toISOString() }),
    );
    await chooseLanguage('de');
    try {
      renderDialog({ kind: 'ipc', offline } as unknown as CatastroClient);
      useAppStore.getState().setOfflineDialog({ open: true });
      fireEvent.change(await screen.findByTestId('offline-municipalities'), { target: { value: '40146' } });
      fake.requests.length = 0;
      fireEvent.click(screen.getByTestId('offline-download'));
      const banner = await screen.findByRole('alert');
      expect(banner.querySelector('strong')?.textContent).toBe('Der Download konnte nicht starten');
      expect(banner.querySelector('p')?.textContent).toBe('In einem anderen Fenster oder auf der Kommandozeile läuft ein Download in diesen Datenordner.');
      expect(banner.querySelector('.advice')?.textContent).toBe(
        'Warten Sie, bis er fertig ist, oder brechen Sie ihn dort ab, und versuchen Sie es dann erneut.',
      );
      expect(banner.querySelector('details code')?.textContent).toMatch(
        /^VALIDATION_ERROR: A download is running in another window or on the command line on this data folder/,
      );
      expect(fake.requests).toHaveLength(0);
    } finally {
      await chooseLanguage('en');
      other.kill();
    }
  });

  it("says in the user's language that no municipality lies in the map view, and what to do", async () => {
    await chooseLanguage('es');
    try {
      renderDialog({ kind: 'ipc', offline } as unknown as CatastroClient);
      useAppStore.getState().setOfflineDialog({ open: true, bbox: [2.1, 41.3, 2.2, 41.4] }); // Barcelona: the fake feeds list Segovia's municipalities only
      expect(((await screen.findByTestId('offline-use-view')) as HTMLInputElement).checked).toBe(true);
      fireEvent.click(screen.getByTestId('offline-download'));
      const banner = await screen.findByRole('alert');
      expect(banner.querySelector('p')?.textContent).toBe('Ningún municipio del servicio de descargas del Catastro está en la vista del mapa.');
      expect(banner.querySelector('.advice')?.textContent).toBe(
        'Mueva el mapa sobre España, o elija por nombre, código o provincia; el País Vasco y Navarra no están en ese servicio.',
      );
    } finally {
      await chooseLanguage('en');
    }
  });

  it("a foral municipality is refused in the user's language with a link to where its own cadastre publishes", async () => {
    await chooseLanguage('es');
    try {
      renderDialog({ kind: 'ipc', offline } as unknown as CatastroClient);
      useAppStore.getState().setOfflineDialog({ open: true });
      fireEvent.change(await screen.findByTestId('offline-municipalities'), { target: { value: '48020' } });
      fireEvent.click(screen.getByTestId('offline-download'));
      const banner = await screen.findByRole('alert');
      expect(banner.querySelector('p')?.textContent).toBe(
        'Vizcaya es un territorio foral: el servicio de descargas del Catastro no tiene ninguna de sus parcelas.',
      );
      expect(banner.querySelector('.advice')?.textContent).toBe(
        'Su propio catastro las publica en https://apli.bizkaia.eus/apps/Danok/INSPIRE/cadastralparcels.xml.',
      );
      const link = banner.querySelector('.advice a');
      expect(link?.getAttribute('href')).toBe('https://apli.bizkaia.eus/apps/Danok/INSPIRE/cadastralparcels.xml');
      expect(link?.getAttribute('target')).toBe('_blank');
    } finally {
      await chooseLanguage('en');
    }
  });

  it("a municipality name the service does not list is refused with the foral territories' own sources as links", async () => {
    renderDialog({ kind: 'ipc', offline } as unknown as CatastroClient);
    useAppStore.getState().setOfflineDialog({ open: true });
    fireEvent.change(await screen.findByTestId('offline-municipalities'), { target: { value: 'Bilbao' } });
    fireEvent.click(screen.getByTestId('offline-download'));
    const banner = await screen.findByRole('alert');
    expect(banner.querySelector('p')?.textContent).toBe("No municipality “Bilbao” in the Catastro's download service.");
    expect(banner.querySelector('.advice')?.textContent).toMatch(
      /their own cadastres publish them: .*Bizkaia: https:\/\/apli\.bizkaia\.eus\/apps\/Danok\/INSPIRE\/cadastralparcels\.xml/,
    );
    const links = [...banner.querySelectorAll('.advice a')].map((a) => a.getAttribute('href'));
    expect(links.sort()).toEqual([
      'https://apli.bizkaia.eus/apps/Danok/INSPIRE/cadastralparcels.xml',
      'https://b5m.gipuzkoa.eus/inspire/download/cadastralparcels.xml',
      'https://filescartografia.navarra.es/2_CARTOGRAFIA_TEMATICA/2_7_CATASTRO/2_7_3_INSPIRE_ATOM/2_7_3_1_CP/CadastralParcels_ServiceATOM_Navarra.xml',
      'https://geo.araba.eus/atom/CP/CadastralParcels.atom',
    ]);
  });
});
