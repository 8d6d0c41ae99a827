import type { ParcelKey } from '../../core/model/index.js';
import type { CatastroClient } from '../client/catastro-client.js';
import { toUiError } from '../errors/advice.js';
import { i18next } from '../i18n/i18n.js';
import { useAppStore } from '../state/store.js';

/** Safety net against a cursor that never advances (a server fault would otherwise loop forever). */
const MAX_PAGES = 10_000;

/** Loads every unit of a finca (its 14-character reference and country), following nextCursor while truncated, with progress in the store. */
export async function loadAllUnits(client: CatastroClient, { ref: ref14, country }: ParcelKey): Promise<void> {
  const store = useAppStore.getState();
  store.setUnits({ finca: ref14, status: 'loading', rows: [], expected: 0, error: undefined });
  const stillCurrent = () => useAppStore.getState().units.finca === ref14;
  let cursor: string | undefined;
  try {
    for (let page = 0; page < MAX_PAGES; page++) {
      const result = await client.call('units', { refcat: ref14, country, cursor });
      if (!stillCurrent()) return;
      const state = useAppStore.getState();
      state.appendUnits(result.unidades);
      state.setUnits({
        expected: result.totalUnidadesFinca,
        dataSource: result.dataSource,
        dataDate: result.dataDate,
        attribution: result.attribution,
      });
      if (!result.truncated || !result.nextCursor || result.nextCursor === cursor) break;
      cursor = result.nextCursor;
    }
    if (stillCurrent()) useAppStore.getState().setUnits({ status: 'done' });
  } catch (error) {
    if (!stillCurrent()) return;
    // Shown inside the units section: the parcel itself is fine, only its units failed.
    useAppStore.getState().setUnits({ status: 'error', error: toUiError(i18next.t('units:loadFailed', { ref: ref14 }), error) });
  }
}
