import { rusticParts } from '../../core/model/index.js';
import { ClientError, type CatastroClient } from '../client/catastro-client.js';
import { toUiError } from '../errors/advice.js';
import { i18next } from '../i18n/i18n.js';
import { selectParcelAt, selectParcelByRef } from '../parcel/select-parcel.js';
import { USelection } from '../state/selection.js';
import { useAppStore, type UiChoice } from '../state/store.js';
import { mapView } from '../map/view-context.js';
import type { SearchQuery } from './parse-query.js';

type RusticQuery = Extract<SearchQuery, { kind: 'rustic' }>;

/** Runs what the search box understood. Addresses fill the candidate list; the user picks one. */
export async function runSearch(client: CatastroClient, query: SearchQuery, country?: string): Promise<void> {
  const store = useAppStore.getState();
  store.setCandidates([], 'idle');
  switch (query.kind) {
    case 'reference':
      return selectParcelByRef(client, query.ref);
    case 'coordinates':
      return selectParcelAt(client, { latitude: query.latitude, longitude: query.longitude, parcel: null });
    case 'code': {
      try {
        const parcel = await client.call('parcel', { refcat: query.text });
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
        const result = await client.call('addressCandidates', { q: query.text, limit: 8, country });
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
    case 'rustic':
      return searchRustic(client, query);
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

/** The search's title: the numbers, and the municipality when it was typed. */
const rusticTitle = (query: RusticQuery) => i18next.t(query.municipio ? 'search:rusticTitleIn' : 'search:rusticTitle', { ...query });

/** Clears the selection and says in the search box what the rustic lookup still needs; nothing is asked. */
function tellWhatIsMissing(query: RusticQuery, message: string, advice: string): undefined {
  const store = useAppStore.getState();
  store.select(USelection.none());
  store.showError({ title: rusticTitle(query), message, advice, place: 'search' });
  return undefined;
}

/**
 * The place to ask the rustic lookup with: the municipality typed (with the province typed, else
 * that of the parcels in view, as the lookup needs one), else the municipality in view. Undefined
 * when what the lookup needs is not known; the user is told what to add.
 */
function rusticPlace(query: RusticQuery): { provincia: string; municipio: string; provinceSeen: boolean } | undefined {
  const nearby = rusticMunicipalityNearby();
  if (!query.municipio) {
    return nearby
      ? { ...nearby, provinceSeen: false }
      : tellWhatIsMissing(query, i18next.t('search:rusticNeedsMunicipality'), i18next.t('search:rusticAdvice'));
  }
  const provincia = query.provincia ?? nearby?.provincia;
  if (provincia) return { provincia, municipio: query.municipio, provinceSeen: !query.provincia };
  return tellWhatIsMissing(
    query,
    i18next.t('search:rusticNeedsProvince', { municipio: query.municipio }),
    i18next.t('search:rusticProvinceAdvice', { ...query }),
  );
}

/**
 * The places a name fits, when the lookup answered that it fits several (400, `data.candidates`
 * for `data.parameter`): each as a search to run, the same numbers with the place meant.
 */
function rusticChoices(query: RusticQuery, asked: { provincia: string; municipio: string }, error: unknown): UiChoice[] | undefined {
  const data = error instanceof ClientError ? error.data : undefined;
  const candidates = Array.isArray(data?.candidates) ? (data.candidates as { name: string; code: string }[]) : [];
  if (candidates.length === 0 || (data?.parameter !== 'municipio' && data?.parameter !== 'provincia')) return undefined;
  const numbers = `Polígono ${query.poligono} Parcela ${query.parcela}`;
  // A comma would end the municipality's name when the text is read again ("PALMAS, LAS").
  const named = (name: string) => name.replaceAll(',', ' ');
  return candidates.map((c) =>
    data.parameter === 'municipio'
      ? { label: c.name, text: `${numbers}, ${named(c.name)} (${asked.provincia})` }
      : { label: c.name, text: `${numbers}, ${named(asked.municipio)} (${c.code})` },
  );
}

async function searchRustic(client: CatastroClient, query: RusticQuery): Promise<void> {
  const place = rusticPlace(query);
  if (!place) return;
  const store = useAppStore.getState();
  store.showError(null);
  const selectionAsked = store.selection;
  const { provinceSeen, ...asked } = place;
  try {
    // The service turns names into codes and resolves the sector letter (and asks the Catastro when the copy lacks the parcel).
    const parcel = await client.call('rusticParcel', { ...asked, poligono: query.poligono, parcela: query.parcela });
    const state = useAppStore.getState();
    if (state.selection !== selectionAsked) return; // the user chose another parcel meanwhile
    state.select(USelection.single(parcel.refCatastral, parcel.pais));
    state.setParcel(parcel, 'done');
  } catch (error) {
    const state = useAppStore.getState();
    if (state.selection !== selectionAsked) return;
    state.select(USelection.none());
    const ui = toUiError(rusticTitle(query), error);
    const choices = rusticChoices(query, asked, error);
    // A name looked for in the province of the parcels in view may lie in another: say which was searched.
    const elsewhere =
      provinceSeen && ui.code === 'NOT_FOUND'
        ? { advice: i18next.t('search:rusticProvinceSeen', { municipio: query.municipio, provincia: asked.provincia }) }
        : {};
    state.showError({ ...ui, ...elsewhere, ...(choices && { choices }), place: 'search' });
  }
}
