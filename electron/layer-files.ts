import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { BrowserWindow, dialog, type IpcMainInvokeEvent, type OpenDialogOptions } from 'electron';
import { HAZARD_LAYER_EXTENSIONS, type HazardLayerKind, type HazardLayerMapping, type HazardLayerResult, type PickedLayerFiles } from '../core/model/index.js';
import { SHELL_TEXT, type ShellText } from '../core/desktop/shell-text/index.js';
import type { CatastroService } from '../core/service.js';
import { IpcChannel } from './ipc-channels.js';
import { InvalidIpcInput } from './validate-input.js';

type FileWords = ShellText['files'];
const DIALOGS: Record<HazardLayerKind, (words: FileWords) => { title: string; filter: string }> = {
  'protected-areas': (words) => ({ title: words.protectedAreasTitle, filter: words.protectedAreasFilter }),
  'designated-areas': (words) => ({ title: words.designatedAreasTitle, filter: words.designatedAreasFilter }),
  'ground-motion': (words) => ({ title: words.groundMotionTitle, filter: words.groundMotionFilter }),
};

/** The open-file dialog of a kind, in the shell's language, with that kind's file filter. */
function layerDialogOptions(kind: HazardLayerKind, words: FileWords): OpenDialogOptions {
  const { title, filter } = DIALOGS[kind](words);
  return { title, properties: ['openFile', 'multiSelections'], filters: [{ name: filter, extensions: [...HAZARD_LAYER_EXTENSIONS[kind]] }] };
}

/**
 * Hazard-layer files picked in the OS dialog, kept here in main: the renderer gets an id and
 * base names, and imports by that id, so no path it makes up can reach the importer. The last
 * pick stays until it is imported, so a wrong mapping can be corrected without picking again.
 */
export class LayerFiles {
  private picked: { id: string; kind: HazardLayerKind; files: string[] } | null = null;

  constructor(
    private readonly service: CatastroService,
    private readonly words: () => FileWords = () => SHELL_TEXT.en.files,
  ) {}

  async pick(event: IpcMainInvokeEvent, kind: HazardLayerKind): Promise<PickedLayerFiles | null> {
    const window = BrowserWindow.fromWebContents(event.sender);
    const options = layerDialogOptions(kind, this.words());
    const chosen = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
    if (chosen.canceled || chosen.filePaths.length === 0) return null;
    // Only a national layer needs a mapping; its fields come from the first file, as the importer checks them.
    const fields = kind === 'designated-areas' ? await this.service.hazardLayerFields(chosen.filePaths[0]) : [];
    this.picked = { id: randomUUID(), kind, files: chosen.filePaths };
    return { selection: this.picked.id, kind, files: chosen.filePaths.map((file) => path.basename(file)), fields };
  }

  async import(event: IpcMainInvokeEvent, selection: string, options: { mapping?: HazardLayerMapping; country?: string }): Promise<HazardLayerResult[]> {
    const picked = this.picked;
    if (!picked || picked.id !== selection) throw new InvalidIpcInput('Those files are no longer picked; choose them again.');
    const results = await this.service.importHazardLayers({ kind: picked.kind, files: picked.files, ...options }, (progress) => {
      if (!event.sender.isDestroyed()) event.sender.send(IpcChannel.layerImportProgress, progress);
    });
    if (this.picked === picked) this.picked = null;
    return results;
  }
}
