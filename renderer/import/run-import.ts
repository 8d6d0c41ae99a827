import type { CatastroClient } from '../client/catastro-client.js';
import { toUiError } from '../errors/advice.js';
import { i18next } from '../i18n/i18n.js';
import { useAppStore } from '../state/store.js';

/** File dialog → facade importFiles with progress; the counts stay visible at the end. */
export async function runImport(client: CatastroClient): Promise<void> {
  if (!client.desktop) return;
  const store = useAppStore.getState();
  store.setImport({ status: 'loading', progress: null, results: [] });
  try {
    const results = await client.desktop.importFiles((progress) => useAppStore.getState().setImport({ progress }));
    useAppStore.getState().setImport({ status: results ? 'done' : 'idle', results: results ?? [], progress: null });
  } catch (error) {
    useAppStore.getState().setImport({ status: 'error', progress: null });
    useAppStore.getState().showError(toUiError(i18next.t('import:cadastreFailed'), error));
  }
}
