import type { CatastroClient, HazardLayerKind, LayerImportOptions, OverlayKind, PickedLayerFiles } from '../client/catastro-client.js';
import { toUiError } from '../errors/advice.js';
import { i18next } from '../i18n/i18n.js';
import { useAppStore, type UiError } from '../state/store.js';

/** The map overlay each kind of layer feeds: national designated areas are drawn with the protected areas. */
const OVERLAY_OF: Record<HazardLayerKind, OverlayKind> = {
  'protected-areas': 'protected-areas',
  'designated-areas': 'protected-areas',
  'ground-motion': 'ground-motion',
};

/** The generic 400 advice speaks of references; a layer import needs its own. */
function layerImportError(error: unknown): UiError {
  const ui = toUiError(i18next.t('import:layerFailed'), error);
  if (ui.code !== 'VALIDATION_ERROR') return ui;
  return {
    ...ui,
    advice: i18next.t('import:layerFailedAdvice'),
  };
}

/** Imports picked files, then shows their overlay (or reloads it). */
export async function importPickedLayers(client: CatastroClient, picked: PickedLayerFiles, options: LayerImportOptions = {}): Promise<void> {
  if (!client.layers) return;
  const set = useAppStore.getState().setLayerImport;
  const overlay = OVERLAY_OF[picked.kind];
  set({ status: 'loading', kind: picked.kind, progress: null, results: [] });
  try {
    const results = await client.layers.import(picked.selection, options, (progress) => set({ progress }));
    set({ status: 'done', picked: null, progress: null, results });
    useAppStore.getState().refreshOverlay(overlay);
  } catch (error) {
    // The pick stays (main, or start's server, keeps the files): a corrected mapping is imported without picking again.
    set({ status: 'error', progress: null });
    useAppStore.getState().showError(layerImportError(error));
    // Files before a failed one were kept: a shown overlay reloads to draw them.
    useAppStore.getState().refreshOverlay(overlay, false);
  }
}

/**
 * File dialog for one kind of hazard layer. Protected areas and ground motion import at once;
 * national designated areas first open the mapping form (their field names cannot be guessed).
 */
export async function pickLayers(client: CatastroClient, kind: HazardLayerKind): Promise<void> {
  if (!client.layers || useAppStore.getState().layerImport.status === 'loading') return;
  let picked: PickedLayerFiles | null;
  try {
    // Called in the click's own turn: a browser opens its file picker only inside the user's gesture.
    picked = await client.layers.pick(kind);
  } catch (error) {
    useAppStore.getState().showError(layerImportError(error));
    return;
  }
  if (!picked) return;
  if (kind === 'designated-areas') {
    useAppStore.getState().setLayerImport({ status: 'idle', kind, picked, progress: null, results: [] });
    return;
  }
  await importPickedLayers(client, picked);
}
