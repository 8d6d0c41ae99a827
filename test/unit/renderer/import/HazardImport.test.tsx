// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClientContext } from '../../../../renderer/ui/client-context.js';
import {
  ClientError,
  type CatastroClient,
  type HazardLayerCapabilities,
  type HazardLayerProgress,
  type HazardLayerResult,
  type PickedLayerFiles,
} from '../../../../renderer/client/catastro-client.js';
import { ErrorBanner } from '../../../../renderer/errors/ErrorBanner.js';
import { LayerPanel } from '../../../../renderer/map/LayerPanel.js';
import { useAppStore } from '../../../../renderer/state/store.js';
import { DesignatedAreaForm } from '../../../../renderer/import/DesignatedAreaForm.js';
import { LayerImportStatus } from '../../../../renderer/import/LayerImportStatus.js';
import { fakeClient } from '../../../helpers/fake-client.js';

const initial = useAppStore.getState();
const ZEC_FIELDS = ['CDID', 'CD_ZEC_COD', 'DS_ZEC_NAM', 'CD_ZEC_CCA', 'DS_ZEC_RG_', 'CD_ZEC_NUT', 'NM_AREA_HA'];

/** An import main answers when the test says so, pushing progress meanwhile. */
function pendingImport() {
  let finish!: (results: HazardLayerResult[]) => void;
  let fail!: (error: Error) => void;
  let onProgress!: (progress: HazardLayerProgress) => void;
  const importLayers = vi.fn((_selection: string, _options: unknown, progress: (p: HazardLayerProgress) => void) => {
    onProgress = progress;
    return new Promise<HazardLayerResult[]>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
  });
  return {
    importLayers,
    progress: (p: HazardLayerProgress) => act(() => onProgress(p)),
    finish: (r: HazardLayerResult[]) => act(async () => finish(r)),
    fail: (e: Error) => act(async () => fail(e)),
  };
}

/** A client that takes layer files (the desktop's IPC, or start's browser app), with the test's pick and import. */
function desktopClient(layers: { pickLayerFiles?: HazardLayerCapabilities['pick']; importLayers?: HazardLayerCapabilities['import'] }): CatastroClient {
  return fakeClient(
    { extents: async () => [] },
    { kind: 'ipc', layers: { pick: layers.pickLayerFiles, import: layers.importLayers } as HazardLayerCapabilities },
  );
}

function renderApp(client: CatastroClient) {
  render(
    <ClientContext.Provider value={client}>
      <LayerPanel />
      <LayerImportStatus />
      <DesignatedAreaForm />
      <ErrorBanner />
    </ClientContext.Provider>,
  );
}

const picked = (kind: PickedLayerFiles['kind'], files: string[], fields: string[] = []): PickedLayerFiles => ({
  selection: '0b6c5f7e-3d0a-4c55-9c1e-1f7b2a4c9d10',
  kind,
  files,
  fields,
});

beforeEach(() => useAppStore.setState(initial, true));
afterEach(cleanup);

describe('hazard-layer import in the layer panel', () => {
  it('is absent in a tab of a plain catastro serve, where the client takes no layer files', () => {
    renderApp(fakeClient({ extents: async () => [] }));
    expect(screen.getByRole('group', { name: 'Layers' })).toBeTruthy();
    expect(screen.queryByTestId('hazard-import')).toBeNull();
  });

  it('protected areas: picks, imports at once, shows progress per file, then the counts, and turns the overlay on', async () => {
    const pending = pendingImport();
    const pickLayerFiles = vi.fn(async () => picked('protected-areas', ['zepa.geojson', 'zec.geojson.gz']));
    renderApp(desktopClient({ pickLayerFiles, importLayers: pending.importLayers }));
    expect(screen.getByTestId('hazard-import').textContent).toContain('EGMS Ortho L3 tiles (.zip');

    fireEvent.click(screen.getByTestId('import-protected-areas'));
    await waitFor(() => expect(pending.importLayers).toHaveBeenCalledWith('0b6c5f7e-3d0a-4c55-9c1e-1f7b2a4c9d10', {}, expect.any(Function)));
    expect(pickLayerFiles).toHaveBeenCalledWith('protected-areas');
    expect((screen.getByTestId('import-ground-motion') as HTMLButtonElement).disabled).toBe(true);

    pending.progress({ file: '/data/zec.geojson.gz', kind: 'protected-areas', count: 3, index: 2, total: 2 });
    expect(screen.getByTestId('layer-import-status').textContent).toBe('Importing zec.geojson.gz (file 2 of 2)3 protected sites');

    await pending.finish([
      { file: '/data/zepa.geojson', kind: 'protected-areas', count: 7 },
      { file: '/data/zec.geojson.gz', kind: 'protected-areas', count: 7 },
    ]);
    expect(screen.getByTestId('layer-import-status').textContent).toContain('Imported 2 layer files: 14 protected sites (zepa.geojson: 7, zec.geojson.gz: 7).');
    expect(useAppStore.getState().layers.protectedAreas).toBe(true);
    expect((screen.getByTestId('layer-protectedAreas') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByTestId('import-ground-motion') as HTMLButtonElement).disabled).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('layer-import-status')).toBeNull();
  });

  it('ground motion with the overlay already shown: the overlay is reloaded', async () => {
    useAppStore.getState().toggleLayer('groundMotion', true);
    const importLayers = vi.fn(async () => [{ file: '/tiles/EGMS_L3_E45N17_100km_U_2020_2024_1.zip', kind: 'ground-motion' as const, count: 522 }]);
    renderApp(desktopClient({ pickLayerFiles: async () => picked('ground-motion', ['EGMS_L3_E45N17_100km_U_2020_2024_1.zip']), importLayers }));
    fireEvent.click(screen.getByTestId('import-ground-motion'));
    await waitFor(() => expect(screen.getByTestId('layer-import-status').textContent).toContain('Imported 1 layer file: 522 ground-motion cells.'));
    expect(useAppStore.getState().overlayRevision).toBe(1);
  });

  it('a cancelled dialog changes nothing', async () => {
    const importLayers = vi.fn();
    const pickLayerFiles = vi.fn(async () => null);
    renderApp(desktopClient({ pickLayerFiles, importLayers }));
    fireEvent.click(screen.getByTestId('import-ground-motion'));
    await waitFor(() => expect(pickLayerFiles).toHaveBeenCalled());
    expect(importLayers).not.toHaveBeenCalled();
    expect(screen.queryByTestId('layer-import-status')).toBeNull();
    expect(useAppStore.getState().layerImport.status).toBe('idle');
  });

  it('a failed import shows the error naming the file with layer advice; the overlay is not turned on', async () => {
    const message =
      'broken.geojson (file 2 of 3) was not imported, nothing of it was kept: broken.geojson is not valid JSON. Imported before it and kept: zepa.geojson (7).';
    const importLayers = vi.fn(async () => {
      throw new ClientError(400, 'VALIDATION_ERROR', message);
    });
    renderApp(desktopClient({ pickLayerFiles: async () => picked('protected-areas', ['zepa.geojson', 'broken.geojson', 'zec.geojson']), importLayers }));
    fireEvent.click(screen.getByTestId('import-protected-areas'));
    await waitFor(() => expect(screen.getByTestId('error-banner').textContent).toContain(message));
    expect(screen.getByTestId('error-banner').textContent).toContain('Files imported before it are kept');
    expect(screen.queryByTestId('layer-import-status')).toBeNull();
    expect(useAppStore.getState().layers.protectedAreas).toBe(false);
  });
});

describe('national designated areas: the field mapping form', () => {
  const choose = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
  const importButton = () => screen.getByTestId('mapping-import') as HTMLButtonElement;

  it("offers the layer's own fields, imports with the mapping and country chosen, then closes", async () => {
    const pending = pendingImport();
    renderApp(desktopClient({ pickLayerFiles: async () => picked('designated-areas', ['enp.geojson.gz'], ZEC_FIELDS), importLayers: pending.importLayers }));
    fireEvent.click(screen.getByTestId('import-designated-areas'));
    await screen.findByRole('dialog', { name: 'National designated areas' });
    expect(screen.getByTestId('designated-files').textContent).toBe('enp.geojson.gz');
    const options = [...(screen.getByTestId('mapping-code') as HTMLSelectElement).options].map((o) => o.value);
    expect(options).toEqual(['', ...ZEC_FIELDS]);
    expect(importButton().disabled).toBe(true);

    choose('mapping-code', 'CD_ZEC_COD');
    choose('mapping-name', 'DS_ZEC_NAM');
    expect(importButton().disabled).toBe(true);
    fireEvent.click(screen.getByTestId('designation-as-text'));
    choose('mapping-designation', '  Parque Natural ');
    choose('mapping-country', 'ES');
    expect(importButton().disabled).toBe(false);
    fireEvent.click(importButton());

    expect(pending.importLayers).toHaveBeenCalledWith(
      '0b6c5f7e-3d0a-4c55-9c1e-1f7b2a4c9d10',
      {
        mapping: { code: 'CD_ZEC_COD', name: 'DS_ZEC_NAM', designation: 'Parque Natural' },
        country: 'ES',
      },
      expect.any(Function),
    );
    await pending.finish([{ file: '/data/enp.geojson.gz', kind: 'designated-areas', count: 7 }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('layer-import-status').textContent).toContain('Imported 1 layer file: 7 national designated areas.');
    expect(useAppStore.getState().layers.protectedAreas).toBe(true);
  });

  it('a mapping the layer refuses keeps the form open with the choices, for a corrected retry of the same pick', async () => {
    const pending = pendingImport();
    renderApp(desktopClient({ pickLayerFiles: async () => picked('designated-areas', ['enp.gpkg'], ZEC_FIELDS), importLayers: pending.importLayers }));
    fireEvent.click(screen.getByTestId('import-designated-areas'));
    await screen.findByRole('dialog');
    choose('mapping-code', 'CDID');
    choose('mapping-name', 'DS_ZEC_NAM');
    choose('mapping-designation-field', 'DS_ZEC_RG_');
    fireEvent.click(importButton());
    expect(pending.importLayers).toHaveBeenLastCalledWith(
      expect.any(String),
      { mapping: { code: 'CDID', name: 'DS_ZEC_NAM', designationField: 'DS_ZEC_RG_' } },
      expect.any(Function),
    );

    await pending.fail(
      new ClientError(400, 'VALIDATION_ERROR', 'enp.gpkg (file 1 of 1) was not imported, nothing of it was kept: enp.gpkg: a feature has no CDID.'),
    );
    expect(screen.getByTestId('error-banner').textContent).toContain('a feature has no CDID');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect((screen.getByTestId('mapping-code') as HTMLSelectElement).value).toBe('CDID');

    choose('mapping-code', 'CD_ZEC_COD');
    fireEvent.click(importButton());
    expect(pending.importLayers).toHaveBeenCalledTimes(2);
    expect(pending.importLayers.mock.calls[1][1]).toEqual({ mapping: { code: 'CD_ZEC_COD', name: 'DS_ZEC_NAM', designationField: 'DS_ZEC_RG_' } });
  });

  it('cancel closes the form without importing', async () => {
    const importLayers = vi.fn();
    renderApp(desktopClient({ pickLayerFiles: async () => picked('designated-areas', ['enp.shp'], ['CODE']), importLayers }));
    fireEvent.click(screen.getByTestId('import-designated-areas'));
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(importLayers).not.toHaveBeenCalled();
  });
});
