import { app, BrowserWindow, dialog, ipcMain, type IpcMainInvokeEvent, type NativeImage, type WebContents } from 'electron';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IMPORTABLE_EXTENSIONS, referenceFileName, type DatafordelerKeyView, type OutputLanguage, type TeamStoreView } from '../core/model/index.js';
import type { OperationName } from '../core/model/operations.js';
import type { BusyWork } from '../core/desktop/busy-work.js';
import { SHELL_TEXT, type ShellText } from '../core/desktop/shell-text/index.js';
import type { CatastroService } from '../core/service.js';
import { exportFileName, exportText, writeTempExport, type ExportFormat } from './export-files.js';
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
  /** The shell's language: the words of its dialogs, and Settings' choice (null: the system's). */
  shellLanguage?: { text(): ShellText; choose(language: unknown): OutputLanguage };
}

const REFUSED: IpcResult<never> = { ok: false, error: { status: 403, code: 'FORBIDDEN', message: 'IPC from an unknown sender.' } };

/** One operation's work: its input (one plain object, checked field by field) to one facade call. */
type Handler = (input: Record<string, unknown>, event: IpcMainInvokeEvent) => unknown;

function handle(channel: string, deps: IpcDeps, work: Handler): void {
  ipcMain.removeHandler(channel);
  ipcMain.handle(channel, async (event, input: unknown) => {
    const mainFrame = event.senderFrame !== null && event.senderFrame === event.sender.mainFrame;
    if (!deps.isAppSender(event.sender, mainFrame)) return REFUSED;
    return toIpcResult(async () => work(check.operationInput(input), event));
  });
}

/** The reference and country of an input (the country is the facade's to check, as over HTTP). */
const parcelKey = (input: Record<string, unknown>) => [check.reference(input.refcat, 'refcat'), input.country] as const;

/** A point lookup's input as IPC checks it (coordinates typed; the facade checks ranges and the country). */
const checkedPoint = (input: { latitude?: unknown; longitude?: unknown; country?: unknown }) => ({
  latitude: check.coordinate(input.latitude, 'latitude'),
  longitude: check.coordinate(input.longitude, 'longitude'),
  country: input.country,
});

/** Registers one handler per operation of the table (a missing one fails the type-check): validate the input, call one facade method. */
export function setupIpc(deps: IpcDeps): void {
  const { service, busy } = deps;
  // Offline areas: the facade checks the choice (same rules as the CLI); progress is pushed to the window.
  const pushOffline = (event: IpcMainInvokeEvent) => (progress: unknown) => {
    if (!event.sender.isDestroyed()) event.sender.send(IpcChannel.offlineProgress, progress);
  };
  const { teamStore, datafordelerKey, shellLanguage } = deps;
  const text = () => shellLanguage?.text() ?? SHELL_TEXT.en;
  const layerFiles = new LayerFiles(service, () => text().files);

  const handlers: Record<OperationName, Handler | undefined> = {
    parcel: (input) => service.parcel(...parcelKey(input)),
    // The four numbers are the facade's to check (core/input.ts requireRusticParcel), as over HTTP.
    rusticParcel: (input) => service.rusticParcel(input),
    units: (input) => {
      const [refcat, country] = parcelKey(input);
      return service.units(refcat, { cursor: check.optionalCursor(input.cursor), country });
    },
    parcelAt: (input) => service.parcelAt(checkedPoint(input)),
    parcelAtPoint: (input) => service.parcelAtPoint(checkedPoint(input)),
    polygon: (input) => service.polygon(...parcelKey(input)),
    // Endpoint 1's parameters are the facade's to check, in the spec's order (coverage, then ranges), as over HTTP.
    addressCandidates: (input) => service.addressCandidates(input),
    addressParse: (input) => service.parseAddress(input),
    exportFile: (input) => exportText(service, parcelKey(input), check.exportFormat(input.format)),
    exportSelection: async (input) => {
      const file = await service.exportParcels(input.refcat, check.selectionFormat(input.format), input.country);
      return { fileName: file.fileName, bytes: new Uint8Array(file.bytes) };
    },
    report: async (input) => {
      const [refcat, country] = parcelKey(input);
      // The language is checked by the service (requireOutputLanguage): an unknown one is its VALIDATION_ERROR.
      const pdf = await service.parcelReport(refcat, country, undefined, input.lang);
      return { fileName: referenceFileName(refcat, 'pdf'), bytes: new Uint8Array(pdf) };
    },
    batchPreview: (input) => service.batches.preview(check.csvText(input.csv), check.batchColumns(input.columns)),
    batchStart: (input) =>
      service.batches.start({
        csv: check.csvText(input.csv),
        name: input.name === undefined ? undefined : check.fileName(input.name),
        columns: check.batchColumns(input.columns),
        country: input.country as string | undefined,
      }),
    batchState: (input) => service.batches.state(check.batchId(input.id)),
    batchList: () => service.batches.list(),
    batchResume: (input) => service.batches.resume(check.batchId(input.id)),
    batchCancel: (input) => service.batches.cancel(check.batchId(input.id)),
    batchResult: async (input) => {
      // The language is checked by the service (requireOutputLanguage), as the report's is.
      const file = await service.batches.result(check.batchId(input.id), check.featureFormat(input.format), undefined, input.lang);
      return { fileName: file.fileName, bytes: new Uint8Array(await readFile(file.path)) };
    },
    status: () => service.status(),
    sourcesCheck: () => service.checkSourcesLive(),
    extents: () => service.extents(),
    copyBuilding: (input) => service.copyBuilding(check.reference(input.refcat, 'refcat')),
    analysis: (input) => service.analysis(check.analysisKind(input.kind), ...parcelKey(input)),
    overlay: (input) => service.overlay(check.overlayKind(input.kind), check.bbox(input.bbox), input.limit),
    parcelTile: (input) => service.parcelTileOfCopy(...check.tile(input.z, input.x, input.y)),

    importFiles: async (_input, event) => {
      const window = BrowserWindow.fromWebContents(event.sender);
      const { files } = text();
      const options = {
        title: files.importTitle,
        properties: ['openFile', 'multiSelections'] as Array<'openFile' | 'multiSelections'>,
        filters: [{ name: files.importFilter, extensions: [...IMPORTABLE_EXTENSIONS] }],
      };
      const picked = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
      if (picked.canceled || picked.filePaths.length === 0) return null;
      // Paths come from the OS dialog, never from the renderer.
      return busy.track('import', () =>
        service.importFiles(picked.filePaths, (progress) => {
          if (!event.sender.isDestroyed()) event.sender.send(IpcChannel.importProgress, progress);
        }),
      );
    },
    pickLayerFiles: (input, event) => layerFiles.pick(event, check.hazardLayerKind(input.kind)),
    importLayers: (input, event) =>
      busy.track('import', () => layerFiles.import(event, check.layerSelection(input.selection), check.layerImportOptions(input.options))),
    saveExport: async (input, event) => {
      const safeRef = check.reference(input.refcat, 'refcat');
      const kind = check.exportFormat(input.format);
      const window = BrowserWindow.fromWebContents(event.sender);
      const { files } = text();
      const options = {
        title: files.exportTitle(kind.toUpperCase()),
        defaultPath: exportFileName(safeRef, kind),
        filters: [{ name: kind === 'kml' ? files.kmlFilter : files.gpxFilter, extensions: [kind] }],
      };
      const target = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
      if (target.canceled || !target.filePath) return null;
      const file = path.extname(target.filePath) ? target.filePath : `${target.filePath}.${kind}`;
      await writeFile(file, await exportText(service, [safeRef, input.country], kind), 'utf8');
      return file;
    },
    prepareDrag: async (input) => {
      await preparedDrag(service, [check.reference(input.refcat, 'refcat'), input.country], check.exportFormat(input.format));
      return null;
    },
    setLocalApi: async (input) => {
      if (!check.booleanFlag(input.running, 'running')) {
        await deps.localApi.stop();
        return { url: null };
      }
      return deps.localApi.start(check.integerInRange(input.port, 'port', 1024, 65535));
    },
    teamStore: teamStore && (() => teamStore.view()),
    // The URL is checked against its schema by the setting (electron/team-store-setting.ts) before any connection.
    setTeamStore: teamStore && ((input) => teamStore.change(input.url)),
    datafordelerKey: datafordelerKey && (() => datafordelerKey.view()),
    // The key is checked against its schema by the setting (electron/datafordeler-key-setting.ts).
    setDatafordelerKey: datafordelerKey && ((input) => datafordelerKey.change(input.key)),
    // The renderer follows the system language (its own navigator.languages is Chromium's UI language).
    systemLanguages: () => [...app.getPreferredSystemLanguages(), app.getLocale()],
    setShellLanguage: shellLanguage && ((input) => ({ language: shellLanguage.choose(input.language) })),
    offlineAreas: () => service.offline.list(),
    offlineDownload: (input, event) => busy.track('download', () => service.offline.download(input.choice, pushOffline(event))),
    offlineUpdate: (input, event) => busy.track('download', () => service.offline.update(input.ids, pushOffline(event))),
    offlineCancel: () => service.offline.cancel(),
    offlineRemove: (input) => service.offline.remove(input.id),
    offlineInterrupted: () => service.offline.interrupted(),
    offlineResume: (_input, event) => busy.track('download', () => service.offline.resume(pushOffline(event))),
    offlineDiscard: () => service.offline.discardInterrupted(),
  };
  for (const [name, work] of Object.entries(handlers) as [OperationName, Handler | undefined][]) {
    if (work) handle(IpcChannel[name], deps, work);
  }

  ipcMain.removeAllListeners(IpcChannel.startDrag);
  ipcMain.on(IpcChannel.startDrag, (event, input: unknown) => {
    const mainFrame = event.senderFrame !== null && event.senderFrame === event.sender.mainFrame;
    if (!deps.isAppSender(event.sender, mainFrame)) return;
    void toIpcResult(async () => {
      const { refcat, country, format } = check.operationInput(input);
      const [ref, kind] = [check.reference(refcat, 'refcat'), check.exportFormat(format)];
      const ready = preparedDrags.get(preparedDragKey([ref, country], kind));
      if (ready) return event.sender.startDrag({ file: ready, icon: deps.dragIcon });
      // Not hovered first (keyboard, touch): write now and start late, which most platforms still accept.
      const file = await preparedDrag(service, [ref, country], kind);
      if (!event.sender.isDestroyed()) event.sender.startDrag({ file, icon: deps.dragIcon });
    });
  });
}

/**
 * Files written ahead of a drag, by reference and format: startDrag must run while the mouse
 * button is still down, so the drag handler cannot wait for an export.
 */
const preparedDrags = new Map<string, string>();
const preparedDragKey = ([ref, country]: readonly [string, unknown?], format: ExportFormat) => `${String(country ?? '')}:${ref}.${format}`;
async function preparedDrag(service: CatastroService, parcel: readonly [string, unknown?], format: ExportFormat): Promise<string> {
  const key = preparedDragKey(parcel, format);
  const ready = preparedDrags.get(key) ?? (await writeTempExport(service, parcel, format));
  preparedDrags.set(key, ready);
  return ready;
}
