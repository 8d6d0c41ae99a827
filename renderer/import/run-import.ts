import type { CatastroClient } from '../client/catastro-client.js';
import { toUiError } from '../errors/advice.js';
import { i18next } from '../i18n/i18n.js';
import { mapView } from '../map/view-context.js';
import { useAppStore, type UiError } from '../state/store.js';

/**
 * The generic 400 advice speaks of references; a file import needs its own. Each file is imported
 * in its own transaction, so the files picked before the failed one stay in the copy.
 */
function cadastreImportError(error: unknown): UiError {
  const ui = toUiError(i18next.t('import:cadastreFailed'), error);
  return ui.code === 'VALIDATION_ERROR' ? { ...ui, advice: i18next.t('import:cadastreFailedAdvice') } : ui;
}

/** The map moves to the area a file or a download filled (a French commune far from the view, a municipality): the user sees what came in. */
export async function showImportedArea(client: CatastroClient, area: string | undefined): Promise<void> {
  if (!area) return;
  const extent = (await client.call('extents').catch(() => [])).find((e) => e.area === area);
  if (extent) mapView()?.showArea(extent);
}

/** File picker → the copy's import with progress; the counts stay visible at the end. */
export async function runImport(client: CatastroClient): Promise<void> {
  if (!client.importFiles) return;
  const store = useAppStore.getState();
  store.setImport({ status: 'loading', progress: null, results: [] });
  try {
    // Called in the click's own turn: a browser opens its file picker only inside the user's gesture.
    const results = await client.importFiles((progress) => useAppStore.getState().setImport({ progress }));
    useAppStore.getState().setImport({ status: results ? 'done' : 'idle', results: results ?? [], progress: null });
    if (results) useAppStore.getState().copyChanged();
    await showImportedArea(client, results?.find((result) => result.area)?.area);
  } catch (error) {
    useAppStore.getState().setImport({ status: 'error', progress: null });
    useAppStore.getState().showError(cadastreImportError(error));
    // Files before the failed one stay imported: the map draws the copy as it now is.
    useAppStore.getState().copyChanged();
  }
}
