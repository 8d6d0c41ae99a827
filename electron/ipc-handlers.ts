import { app, BrowserWindow, dialog, ipcMain, type IpcMainInvokeEvent, type NativeImage, type WebContents } from 'electron';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IMPORTABLE_EXTENSIONS, type DatafordelerKeyView, type TeamStoreView } from '../core/model/index.js';
import type { BusyWork } from '../core/desktop/busy-work.js';
import type { CatastroService } from '../core/service.js';
import { exportFileName, exportText, writeTempExport } from './export-files.js';
import { IpcChannel } from './ipc-channels.js';
import { toIpcResult, type IpcResult } from './ipc-result.js';
import { LayerFiles } from './layer-files.js';
import type { LocalApi } from './local-api.js';
import * as check from './validate-input.js';

export interface IpcDeps {
  service: CatastroService;
  localApi: LocalApi;
  /** The one window allowed to call; any other sender (or a sub-frame) is refused. */
  isAppSender(sender: WebContents, senderFrameIsMain: boolean): boolean;
  dragIcon: NativeImage;
  /** Imports and downloads run through it, so an update is never installed while they run. */
  busy: BusyWork;
  /** Settings → Team store: what the app works on (never the password), and switching it. */
  teamStore?: { view(): TeamStoreView; change(value: unknown): Promise<TeamStoreView> };
  /** Settings → Denmark: whether a Datafordeler API key is kept (never the key), and changing it. */
  datafordelerKey?: { view(): DatafordelerKeyView; change(value: unknown): Promise<DatafordelerKeyView> };
}

const REFUSED: IpcResult<never> = { ok: false, error: { status: 403, code: 'FORBIDDEN', message: 'IPC from an unknown sender.' } };

function handle(channel: string, deps: IpcDeps, work: (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown): void {
  ipcMain.removeHandler(channel);
  ipcMain.handle(channel, async (event, ...args) => {
    const mainFrame = event.senderFrame !== null && event.senderFrame === event.sender.mainFrame;
    if (!deps.isAppSender(event.sender, mainFrame)) return REFUSED;
    return toIpcResult(async () => work(event, ...args));
  });
}

/** Registers one handler per channel: validate the payload, call one facade method. */
export function setupIpc(deps: IpcDeps): void {
  const { service, busy } = deps;
  handle(IpcChannel.parcel, deps, (_e, ref, country) => service.parcel(check.reference(ref), country));
  // The four numbers are the facade's to check (core/input.ts requireRusticParcel), as over HTTP.
  handle(IpcChannel.rusticParcel, deps, (_e, asked) => service.rusticParcel(asked));
  handle(IpcChannel.units, deps, (_e, ref, cursor) => service.units(check.reference(ref), { cursor: check.optionalCursor(cursor) }));
  handle(IpcChannel.parcelAt, deps, (_e, latitude, longitude) =>
    service.parcelAt({ latitude: check.coordinate(latitude, 'latitude'), longitude: check.coordinate(longitude, 'longitude') }));
  handle(IpcChannel.polygon, deps, (_e, ref) => service.polygon(check.reference(ref)));
  // Endpoint 1's parameters are the facade's to check, in the spec's order (coverage, then ranges), as over HTTP.
  handle(IpcChannel.addressCandidates, deps, (_e, q, limit, country) => service.addressCandidates({ q, limit, country }));
  handle(IpcChannel.exportFile, deps, (_e, ref, format) => exportText(service, check.reference(ref), check.exportFormat(format)));
  handle(IpcChannel.exportSelection, deps, async (_e, refs, format) => {
    const file = await service.exportParcels(check.referenceList(refs), check.selectionFormat(format));
    return { fileName: file.fileName, bytes: new Uint8Array(file.bytes) };
  });
  handle(IpcChannel.parcelReport, deps, async (_e, ref, language) => {
    const safeRef = check.reference(ref);
    // The language is checked by the service (requireOutputLanguage): an unknown one is its VALIDATION_ERROR.
    return { fileName: `${safeRef.replace(/[^\p{L}\p{N}_-]/gu, '_')}.pdf`, bytes: new Uint8Array(await service.parcelReport(safeRef, undefined, undefined, language)) };
  });
  handle(IpcChannel.batchPreview, deps, (_e, csv, columns) => service.batches.preview(check.csvText(csv), check.batchColumns(columns)));
  handle(IpcChannel.batchStart, deps, (_e, csv, name, columns) =>
    service.batches.start({ csv: check.csvText(csv), name: check.fileName(name), columns: check.batchColumns(columns) }));
  handle(IpcChannel.batchState, deps, (_e, id) => service.batches.state(check.batchId(id)));
  handle(IpcChannel.batchList, deps, () => service.batches.list());
  handle(IpcChannel.batchResume, deps, (_e, id) => service.batches.resume(check.batchId(id)));
  handle(IpcChannel.batchCancel, deps, (_e, id) => service.batches.cancel(check.batchId(id)));
  handle(IpcChannel.batchResult, deps, async (_e, id, format) => {
    const file = await service.batches.result(check.batchId(id), check.featureFormat(format));
    return { fileName: file.fileName, bytes: new Uint8Array(await readFile(file.path)) };
  });
  handle(IpcChannel.status, deps, () => service.status());
  handle(IpcChannel.sourcesCheck, deps, () => service.checkSourcesLive());
  handle(IpcChannel.extents, deps, () => service.extents());
  handle(IpcChannel.copyBuilding, deps, (_e, ref) => service.copyBuilding(check.reference(ref)));
  // The renderer follows the system language (its own navigator.languages is Chromium's UI language).
  handle(IpcChannel.systemLanguages, deps, () => [...app.getPreferredSystemLanguages(), app.getLocale()]);
  handle(IpcChannel.analysis, deps, (_e, kind, ref) => service.analysis(check.analysisKind(kind), check.reference(ref)));
  handle(IpcChannel.overlay, deps, (_e, kind, bbox) => service.overlay(check.overlayKind(kind), check.bbox(bbox)));
  handle(IpcChannel.parcelTile, deps, (_e, z, x, y) => service.parcelTileOfCopy(...check.tile(z, x, y)));

  handle(IpcChannel.importFiles, deps, async (event) => {
    const window = BrowserWindow.fromWebContents(event.sender);
    const options = { title: 'Import cadastre files', properties: ['openFile', 'multiSelections'] as Array<'openFile' | 'multiSelections'>,
      filters: [{ name: 'Cadastre files (INSPIRE GML, CAT, ZIP)', extensions: [...IMPORTABLE_EXTENSIONS] }] };
    const picked = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
    if (picked.canceled || picked.filePaths.length === 0) return null;
    // Paths come from the OS dialog, never from the renderer.
    return busy.track('import', () => service.importFiles(picked.filePaths, (progress) => {
      if (!event.sender.isDestroyed()) event.sender.send(IpcChannel.importProgress, progress);
    }));
  });

  // Offline areas: the facade checks the choice (same rules as the CLI); progress is pushed to the window.
  const pushOffline = (event: IpcMainInvokeEvent) => (progress: unknown) => {
    if (!event.sender.isDestroyed()) event.sender.send(IpcChannel.offlineProgress, progress);
  };
  handle(IpcChannel.offlineAreas, deps, () => service.offline.list());
  handle(IpcChannel.offlineDownload, deps, (event, choice) => busy.track('download', () => service.offline.download(choice, pushOffline(event))));
  handle(IpcChannel.offlineUpdate, deps, (event, ids) => busy.track('download', () => service.offline.update(ids, pushOffline(event))));
  handle(IpcChannel.offlineCancel, deps, () => service.offline.cancel());
  handle(IpcChannel.offlineRemove, deps, (_e, id) => service.offline.remove(id));
  handle(IpcChannel.offlineInterrupted, deps, () => service.offline.interrupted());
  handle(IpcChannel.offlineResume, deps, (event) => busy.track('download', () => service.offline.resume(pushOffline(event))));
  handle(IpcChannel.offlineDiscard, deps, () => service.offline.discardInterrupted());

  const layerFiles = new LayerFiles(service);
  handle(IpcChannel.pickLayerFiles, deps, (event, kind) => layerFiles.pick(event, check.hazardLayerKind(kind)));
  handle(IpcChannel.importLayers, deps, (event, selection, options) =>
    busy.track('import', () => layerFiles.import(event, check.layerSelection(selection), check.layerImportOptions(options))));

  handle(IpcChannel.saveExport, deps, async (event, ref, format) => {
    const safeRef = check.reference(ref);
    const kind = check.exportFormat(format);
    const window = BrowserWindow.fromWebContents(event.sender);
    const options = { title: `Export ${kind.toUpperCase()}`, defaultPath: exportFileName(safeRef, kind),
      filters: [{ name: kind === 'kml' ? 'KML (Google Earth)' : 'GPX (GPS devices)', extensions: [kind] }] };
    const target = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
    if (target.canceled || !target.filePath) return null;
    const file = path.extname(target.filePath) ? target.filePath : `${target.filePath}.${kind}`;
    await writeFile(file, await exportText(service, safeRef, kind), 'utf8');
    return file;
  });

  handle(IpcChannel.setLocalApi, deps, async (_e, running, port) => {
    if (!check.booleanFlag(running, 'running')) {
      await deps.localApi.stop();
      return { url: null };
    }
    return deps.localApi.start(check.integerInRange(port, 'port', 1024, 65535));
  });

  const { teamStore } = deps;
  if (teamStore) {
    handle(IpcChannel.teamStore, deps, () => teamStore.view());
    // The URL is checked against its schema by the setting (electron/team-store-setting.ts) before any connection.
    handle(IpcChannel.setTeamStore, deps, (_e, url) => teamStore.change(url));
  }
  const { datafordelerKey } = deps;
  if (datafordelerKey) {
    handle(IpcChannel.datafordelerKey, deps, () => datafordelerKey.view());
    // The key is checked against its schema by the setting (electron/datafordeler-key-setting.ts).
    handle(IpcChannel.setDatafordelerKey, deps, (_e, key) => datafordelerKey.change(key));
  }

  // Files written ahead of a drag, by reference and format: startDrag must run while the mouse
  // button is still down, so the drag handler cannot wait for an export.
  const prepared = new Map<string, string>();
  handle(IpcChannel.prepareDrag, deps, async (_e, ref, format) => {
    const key = `${check.reference(ref)}.${check.exportFormat(format)}`;
    if (!prepared.has(key)) prepared.set(key, await writeTempExport(service, check.reference(ref), check.exportFormat(format)));
    return null;
  });

  ipcMain.removeAllListeners(IpcChannel.startDrag);
  ipcMain.on(IpcChannel.startDrag, (event, ref: unknown, format: unknown) => {
    const mainFrame = event.senderFrame !== null && event.senderFrame === event.sender.mainFrame;
    if (!deps.isAppSender(event.sender, mainFrame)) return;
    void toIpcResult(async () => {
      const key = `${check.reference(ref)}.${check.exportFormat(format)}`;
      const ready = prepared.get(key);
      if (ready) return event.sender.startDrag({ file: ready, icon: deps.dragIcon });
      // Not hovered first (keyboard, touch): write now and start late, which most platforms still accept.
      const file = await writeTempExport(service, check.reference(ref), check.exportFormat(format));
      prepared.set(key, file);
      if (!event.sender.isDestroyed()) event.sender.startDrag({ file, icon: deps.dragIcon });
    });
  });
}
