import {
  HAZARD_LAYER_EXTENSIONS,
  SHAPEFILE_SIDECAR_EXTENSIONS,
  type HazardLayerKind,
  type HazardLayerProgress,
  type HazardLayerResult,
  type PickedLayerFiles,
} from '../../core/model/index.js';
import type { HazardLayerCapabilities, LayerImportOptions } from './catastro-client.js';
import { readEnvelopeData, readRunAnswer } from './ndjson-answer.js';
import { pickFiles, uploadForm } from './pick-files.js';

type Send = (path: string, init?: RequestInit) => Promise<Response>;

/**
 * Hazard layers through `catastro start`'s server (core/api/routes/app-layers.ts) for the app in a
 * browser: the pick is uploaded and kept there under an id, as the desktop's main process keeps
 * the OS dialog's paths, then imported by that id with streamed progress.
 */
export class HttpLayerFiles implements HazardLayerCapabilities {
  constructor(private readonly send: Send) {}

  async pick(kind: HazardLayerKind): Promise<PickedLayerFiles | null> {
    const extensions = HAZARD_LAYER_EXTENSIONS[kind];
    const files = await pickFiles(extensions.includes('shp') ? [...extensions, ...SHAPEFILE_SIDECAR_EXTENSIONS] : extensions);
    if (!files) return null;
    return readEnvelopeData(await this.send(`/api/app/layer-picks?kind=${encodeURIComponent(kind)}`, { method: 'POST', body: uploadForm(files) }));
  }

  async import(selection: string, options: LayerImportOptions, onProgress: (progress: HazardLayerProgress) => void): Promise<HazardLayerResult[]> {
    const response = await this.send('/api/app/layer-imports', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ selection, ...options }),
    });
    return readRunAnswer(response, onProgress);
  }
}
