import { ClientError, type CatastroClient } from '../client/catastro-client.js';
import { toUiError } from '../errors/advice.js';
import { i18next } from '../i18n/i18n.js';
import { selectParcelAt, selectParcelByRef } from '../parcel/select-parcel.js';
import { USelection } from '../state/selection.js';
import { useAppStore } from '../state/store.js';
import { rusticParts } from '../../core/countries/es/reference.js';
import { mapView } from '../map/view-context.js';
import type { SearchQuery } from './parse-query.js';

/** Runs what the search box understood. Addresses fill the candidate list; the user picks one. */
export async function runSearch(client: CatastroClient, query: SearchQuery, country?: string): Promise<void> {
  const store = useAppStore.getState();
  store.setCandidates([], 'idle');
  switch (query.kind) {
    case 'reference':
      return selectParcelByRef(client, query.ref);
    case 'coordinates':
      return selectParcelAt(client, { latitude: query.latitude, longitude: query.longitude, ref: null });
    case 'code': {
      try {
        const parcel = await client.parcel(query.text);
        return await selectParcelByRef(client, parcel.refCatastral, parcel.pais);
      } catch (error) {
        const code = error instanceof ClientError ? error.code : undefined;
        // A shape two countries share: the country chosen for searches decides.
        if (code === 'CNV_AMBIGUOUS' && country) return selectParcelByRef(client, query.text, country);
        // A lone run of digits is a parcel number, never an address: the geocoder is not asked (issue 15).
        if (code !== 'VALIDATION_ERROR' || /^\d{10,}$/.test(query.text)) {
          store.select(USelection.none());
          store.showError({ ...toUiError(i18next.t('parcel:loadFailedTitle', { ref: query.text }), error), place: 'search' });
          return;
        }
      }
      return runSearch(client, { kind: 'address', text: query.text }, country);
    }
    case 'address': {
      store.setCandidates([], 'loading');
      store.showError(null);
      try {
        const result = await client.addressCandidates(query.text, 8, country);
        useAppStore.getState().setCandidates(result.candidatos, 'done', result.dataSource === 'local_clone');
      } catch (error) {
        const state = useAppStore.getState();
        state.setCandidates([], 'error');
        state.select(USelection.none());
        const ui = toUiError(i18next.t('search:addressFailed', { text: query.text }), error);
        // Offline nothing was found or missed: the geocoder was not reached. Say that, not "no address".
        const title = ui.code === 'SERVICE_UNAVAILABLE' ? i18next.t('search:addressNeedsConnection') : ui.title;
        state.showError({ ...ui, title, place: 'search' });
      }
      return;
    }
    case 'rustic': {
      const municipality = rusticMunicipalityNearby();
      if (!municipality) {
        store.select(USelection.none());
        store.showError({ title: i18next.t('search:rusticTitle', query), message: i18next.t('search:rusticNeedsMunicipality'), advice: i18next.t('search:rusticAdvice'), place: 'search' });
        return;
      }
      store.showError(null);
      const selectionAsked = store.selection;
      try {
        // The service resolves the sector letter (and asks the Catastro when the copy lacks the parcel).
        const parcel = await client.rusticParcel({ ...municipality, poligono: query.poligono, parcela: query.parcela });
        const state = useAppStore.getState();
        if (state.selection !== selectionAsked) return; // the user chose another parcel meanwhile
        state.select(USelection.single(parcel.refCatastral));
        state.setParcel(parcel, 'done');
      } catch (error) {
        const state = useAppStore.getState();
        if (state.selection !== selectionAsked) return;
        state.select(USelection.none());
        state.showError({ ...toUiError(i18next.t('search:rusticTitle', query), error), place: 'search' });
      }
      return;
    }
    case 'invalid':
      return;
  }
}

/**
 * The province and municipality the user is looking at: those of the selected parcel when it is
 * rustic, else of the rustic parcel drawn nearest the map's centre.
 */
function rusticMunicipalityNearby(): { provincia: string; municipio: string } | undefined {
  const selected = useAppStore.getState().parcel?.refCatastral;
  const candidates = [selected, ...(mapView()?.refsInView() ?? [])];
  for (const ref of candidates) {
    const parts = ref ? rusticParts(ref) : undefined;
    if (parts) return { provincia: parts.province, municipio: parts.municipality };
  }
  return undefined;
}
