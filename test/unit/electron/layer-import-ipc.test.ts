import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { IPC_EVENTS, OPERATIONS } from '../../../core/model/operations.js';
import { IpcChannel } from '../../../electron/ipc-channels.js';
import { CatastroService } from '../../../core/service.js';
import { fixture } from '../../helpers/paths.js';
import { setupAppIpc } from '../../helpers/app-ipc.js';
import { fakeWebContents, invokeFrom, ipcHandlers } from '../../helpers/ipc-recorder.js';
import { embeddedCopy } from '../../helpers/embedded-copy.js';

/**
 * The hazard-layer IPC handlers (electron/ipc-handlers.ts, layer-files.ts) without an Electron
 * binary: `electron` is replaced by a recorder of ipcMain handlers and a scripted open dialog;
 * the facade behind them is real, over the real Madrid and EGMS fixtures (PROVENANCE.md).
 */
const electron = vi.hoisted(() => ({ showOpenDialog: vi.fn() }));

vi.mock('electron', async () => ({
  ipcMain: (await import('../../helpers/ipc-recorder.js')).recordingIpcMain,
  dialog: { showOpenDialog: electron.showOpenDialog },
  BrowserWindow: { fromWebContents: () => null },
}));

const analysisDir = fixture('analysis');
const ZEPA = path.join(analysisDir, 'es_madrid_zepa_qgis2web_3857.geojson');
const ZEC = path.join(analysisDir, 'es_madrid_zec_qgis2web_3857.geojson.gz');
const U_ZIP = path.join(analysisDir, 'egms/EGMS_L3_E45N17_100km_U_2020_2024_1.zip');
const ZEC_FIELDS = ['CDID', 'CD_ZEC_COD', 'DS_ZEC_NAM', 'CD_ZEC_CCA', 'DS_ZEC_RG_', 'CD_ZEC_NUT', 'NM_AREA_HA'];

const dir = mkdtempSync(path.join(os.tmpdir(), 'layer-import-ipc-'));
const BROKEN = path.join(dir, 'broken.geojson');
let service: CatastroService;

const app = fakeWebContents();
const stranger = fakeWebContents();
const invoke = (channel: string, input?: unknown) => invokeFrom(app, channel, input);

function picks(...filePaths: string[]) {
  electron.showOpenDialog.mockResolvedValueOnce({ canceled: filePaths.length === 0, filePaths });
}

const sites = () => (embeddedCopy(service).db.prepare('SELECT count(*) AS n FROM analysis_pa_sites').get() as { n: number }).n;

beforeAll(async () => {
  writeFileSync(BROKEN, '{"type": "FeatureCollection", "features": [');
  service = await CatastroService.open({ dataDir: dir, importSample: false });
  setupAppIpc(service, app);
});

afterAll(() => {
  service?.close();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  electron.showOpenDialog.mockReset();
  app.sent.length = 0;
});

describe('pickLayerFiles + importLayers over IPC', () => {
  it('protected areas: the dialog filters layer files, the pick answers base names, the import answers counts and pushes progress', async () => {
    picks(ZEPA);
    const picked = await invoke(IpcChannel.pickLayerFiles, { kind: 'protected-areas' });
    expect(electron.showOpenDialog).toHaveBeenCalledWith(
      expect.objectContaining({
        properties: ['openFile', 'multiSelections'],
        filters: [expect.objectContaining({ extensions: ['geojson', 'json', 'gz', 'shp', 'gpkg'] })],
      }),
    );
    expect(picked).toEqual({
      ok: true,
      data: { selection: expect.stringMatching(/^[0-9a-f-]{36}$/), kind: 'protected-areas', files: [path.basename(ZEPA)], fields: [] },
    });

    const imported = await invoke(IpcChannel.importLayers, { selection: picked.data.selection });
    expect(imported).toEqual({ ok: true, data: [{ file: ZEPA, kind: 'protected-areas', count: 7 }] });
    const progress = app.sent.filter(([channel]) => channel === IpcChannel.layerImportProgress).map(([, p]) => p);
    expect(progress[0]).toEqual({ file: ZEPA, kind: 'protected-areas', count: 0, index: 1, total: 1 });
    expect(progress.at(-1)).toMatchObject({ count: 7 });

    // Imported once: the id is spent, and a replayed call cannot import again.
    expect(await invoke(IpcChannel.importLayers, { selection: picked.data.selection })).toMatchObject({
      ok: false,
      error: { status: 400, message: expect.stringMatching(/no longer picked/) },
    });
  });

  it('ground motion: the dialog offers EGMS zips only; a cancelled dialog answers null', async () => {
    picks();
    expect(await invoke(IpcChannel.pickLayerFiles, { kind: 'ground-motion' })).toEqual({ ok: true, data: null });
    expect(electron.showOpenDialog.mock.calls[0][0].filters).toEqual([{ name: 'EGMS Ortho L3 tiles (.zip)', extensions: ['zip'] }]);
    picks(U_ZIP);
    const picked = await invoke(IpcChannel.pickLayerFiles, { kind: 'ground-motion' });
    expect(await invoke(IpcChannel.importLayers, { selection: picked.data.selection, options: null })).toEqual({
      ok: true,
      data: [{ file: U_ZIP, kind: 'ground-motion', count: 522 }],
    });
  });

  it("designated areas: the pick answers the first layer's fields; a bad mapping keeps the pick for a corrected retry", async () => {
    picks(ZEC);
    const picked = await invoke(IpcChannel.pickLayerFiles, { kind: 'designated-areas' });
    expect(picked.data).toMatchObject({ kind: 'designated-areas', files: [path.basename(ZEC)], fields: ZEC_FIELDS });
    const before = sites();

    const noDesignation = await invoke(IpcChannel.importLayers, {
      selection: picked.data.selection,
      options: { mapping: { code: 'CD_ZEC_COD', name: 'DS_ZEC_NAM' } },
    });
    expect(noDesignation).toMatchObject({
      ok: false,
      error: { status: 400, code: 'VALIDATION_ERROR', message: expect.stringMatching(/designation field or one designation text/) },
    });
    expect(sites()).toBe(before);

    const mapping = { code: 'CD_ZEC_COD', name: 'DS_ZEC_NAM', designationField: 'DS_ZEC_RG_' };
    const imported = await invoke(IpcChannel.importLayers, { selection: picked.data.selection, options: { mapping, country: 'ES' } });
    expect(imported).toEqual({ ok: true, data: [{ file: ZEC, kind: 'designated-areas', count: 7 }] });
    expect(sites()).toBe(before + 7);
  });

  it('a broken file in the middle: the answer names it, the layer before it is kept', async () => {
    const fresh = await CatastroService.open({ dataDir: mkdtempSync(path.join(dir, 'fresh-')), importSample: false });
    setupAppIpc(fresh, app);
    try {
      picks(ZEPA, BROKEN, ZEC);
      const picked = await invoke(IpcChannel.pickLayerFiles, { kind: 'protected-areas' });
      const answer = await invoke(IpcChannel.importLayers, { selection: picked.data.selection });
      // The refusal's data crosses IPC as the HTTP body carries it: the broken file and what was kept before it.
      expect(answer).toEqual({
        ok: false,
        error: {
          status: 400,
          code: 'VALIDATION_ERROR',
          message: expect.stringMatching(/^broken\.geojson \(file 2 of 3\) was not imported/),
          data: { file: BROKEN, imported: [{ kind: 'protected-areas', file: ZEPA, count: 7 }] },
        },
      });
      expect(answer.error.message).toContain(`Imported before it and kept: ${path.basename(ZEPA)} (7).`);
      expect((embeddedCopy(fresh).db.prepare('SELECT file FROM analysis_pa_datasets').all() as { file: string }[]).map((r) => r.file)).toEqual([
        path.basename(ZEPA),
      ]);
    } finally {
      fresh.close();
      setupAppIpc(service, app);
    }
  });

  it('the pick of a national layer that cannot be read answers 400 naming it', async () => {
    picks(BROKEN);
    expect(await invoke(IpcChannel.pickLayerFiles, { kind: 'designated-areas' })).toEqual({
      ok: false,
      error: { status: 400, code: 'VALIDATION_ERROR', message: expect.stringMatching(/broken\.geojson is not valid JSON/) },
    });
  });
});

describe('hazard-layer IPC input is checked before any dialog or import', () => {
  const BAD_CALLS: [string, string, unknown, RegExp][] = [
    ['an unknown kind', IpcChannel.pickLayerFiles, { kind: 'lava' }, /kind must be one of protected-areas, ground-motion, designated-areas/],
    ['a kind that is an object', IpcChannel.pickLayerFiles, { kind: { kind: 'ground-motion' } }, /kind must be one of/],
    ['a kind alone, not in its input object', IpcChannel.pickLayerFiles, 'ground-motion', /input must be an object/],
    ['a made-up selection', IpcChannel.importLayers, { selection: 'not-an-id' }, /selection must be the id/],
    ['a path as the selection', IpcChannel.importLayers, { selection: ZEPA }, /selection must be the id/],
    ['options as a list', IpcChannel.importLayers, { selection: '00000000-0000-4000-8000-000000000000', options: [ZEPA] }, /options must be an object/],
    [
      'files smuggled into the options',
      IpcChannel.importLayers,
      { selection: '00000000-0000-4000-8000-000000000000', options: { files: [ZEPA] } },
      /options has unknown keys: files/,
    ],
    [
      'a mapping field that is an object',
      IpcChannel.importLayers,
      { selection: '00000000-0000-4000-8000-000000000000', options: { mapping: { code: { $: 1 } } } },
      /mapping\.code must be a text/,
    ],
    [
      'a huge mapping text',
      IpcChannel.importLayers,
      { selection: '00000000-0000-4000-8000-000000000000', options: { mapping: { name: 'x'.repeat(201) } } },
      /mapping\.name must be a text of at most 200/,
    ],
    ['a stale selection', IpcChannel.importLayers, { selection: '00000000-0000-4000-8000-000000000000', options: {} }, /no longer picked/],
  ];

  it.each(BAD_CALLS)('%s: 400 VALIDATION_ERROR, no dialog', async (_name, channel, input, message) => {
    const before = sites();
    expect(await invoke(channel, input)).toEqual({ ok: false, error: { status: 400, code: 'VALIDATION_ERROR', message: expect.stringMatching(message) } });
    expect(electron.showOpenDialog).not.toHaveBeenCalled();
    expect(sites()).toBe(before);
  });

  it('another sender, or a sub-frame of the window, is refused before anything runs', async () => {
    const handler = ipcHandlers.get(IpcChannel.pickLayerFiles)!;
    const refused = { ok: false, error: { status: 403, code: 'FORBIDDEN', message: 'IPC from an unknown sender.' } };
    expect(await handler({ sender: stranger, senderFrame: stranger.mainFrame }, 'protected-areas')).toEqual(refused);
    expect(await handler({ sender: app, senderFrame: {} }, 'protected-areas')).toEqual(refused);
    expect(await ipcHandlers.get(IpcChannel.importLayers)!({ sender: stranger, senderFrame: stranger.mainFrame }, 'x')).toEqual(refused);
    expect(electron.showOpenDialog).not.toHaveBeenCalled();
  });
});

describe('the layer calls of the operation table', () => {
  it('are app-only operations, with their progress pushed on its own channel', () => {
    expect([OPERATIONS.pickLayerFiles.access, OPERATIONS.importLayers.access]).toEqual(['app-only', 'app-only']);
    expect(IpcChannel.layerImportProgress).toBe(IPC_EVENTS['layer-import-progress']);
  });
});
