import type { CatastroClient } from '../client/catastro-client.js';
import { toUiError } from '../errors/advice.js';
import { i18next } from '../i18n/i18n.js';
import { useAppStore, type UiError } from '../state/store.js';

/**
 * The generic 400 advice speaks of references; a file import needs its own. Each file is imported
 * in its own transaction, so the files picked before the failed one stay in the copy.
 */
function cadastreImportError(error: unknown): UiError {
  const ui = toUiError(i18next.t('import:cadastreFailed'), error);
  return ui.code === 'VALIDATION_ERROR' ? { ...ui, advice: i18next.t('import:cadastreFailedAdvice') } : ui;
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
  } catch (error) {
    useAppStore.getState().setImport({ status: 'error', progress: null });
    useAppStore.getState().showError(cadastreImportError(error));
    // Files before the failed one stay imported: the map draws the copy as it now is.
    useAppStore.getState().copyChanged();
  }
}
