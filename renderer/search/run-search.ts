import type { CatastroClient } from '../client/catastro-client.js';
import { toUiError } from '../errors/advice.js';
import { i18next } from '../i18n/i18n.js';
import { selectParcelAt, selectParcelByRef } from '../parcel/select-parcel.js';
import { useAppStore } from '../state/store.js';
import type { SearchQuery } from './parse-query.js';

/** Runs what the search box understood. Addresses fill the candidate list; the user picks one. */
export async function runSearch(client: CatastroClient, query: SearchQuery): Promise<void> {
  const store = useAppStore.getState();
  store.setCandidates([], 'idle');
  switch (query.kind) {
    case 'reference':
      return selectParcelByRef(client, query.ref);
    case 'coordinates':
      return selectParcelAt(client, { latitude: query.latitude, longitude: query.longitude, ref: null });
    case 'address': {
      store.setCandidates([], 'loading');
      store.showError(null);
      try {
        const result = await client.addressCandidates(query.text);
        useAppStore.getState().setCandidates(result.candidatos, 'done');
      } catch (error) {
        useAppStore.getState().setCandidates([], 'error');
        useAppStore.getState().showError(toUiError(i18next.t('search:addressFailed', { text: query.text }), error));
      }
      return;
    }
    case 'invalid':
      return;
  }
}
