import { DEGREE_DECIMALS, SPANISH_UNIT_REFERENCE, parcelInput, type ParcelKey } from '../../core/model/index.js';
import { ClientError, type CatastroClient } from '../client/catastro-client.js';
import { toUiError } from '../errors/advice.js';
import { i18next } from '../i18n/i18n.js';
import { USelection } from '../state/selection.js';
import { useAppStore, type UiError } from '../state/store.js';
import { countryOffers } from '../state/countries.js';
import type { MapClick } from '../map/map-controller.js';

/** A lookup's error goes under the search box, where the eye is, and nothing stays selected that looks like its answer. */
function lookupFailed(error: UiError): void {
  const store = useAppStore.getState();
  store.select(USelection.none());
  store.showError({ ...error, place: 'search' });
}

/**
 * A unit of a finca: a 20-character Spanish unit reference (the finca's 14, the property number,
 * two control letters) of a country with units when the country is known, else the reference shape
 * decides as the service's detection does. Without the country list it is asked as it is written.
 */
const isUnitOfCountry = (client: CatastroClient, country: string | undefined) =>
  country === undefined ? true : countryOffers(client, country, 'units').catch(() => false);

/**
 * Selects a parcel by reference and loads what the panel shows. A 20-character Spanish unit
 * reference also opens that unit. `country` when known: shapes two countries share need it.
 */
export async function selectParcelByRef(client: CatastroClient, ref: string, country?: string): Promise<void> {
  const store = useAppStore.getState();
  // Awaited only for a unit's shape: any other reference is selected at once, as before.
  const unit = SPANISH_UNIT_REFERENCE.test(ref) && (await isUnitOfCountry(client, country));
  const finca = unit ? ref.slice(0, 14) : ref;
  const asked = USelection.single(finca, country);
  store.select(asked);
  store.showError(null);
  const stillAsked = () => USelection.equals(useAppStore.getState().selection, asked); // else a newer selection won
  try {
    const parcel = await client.call('parcel', { refcat: finca, country });
    if (!stillAsked()) return;
    useAppStore.getState().setParcel(parcel, 'done');
    if (unit) await openUnit(client, { ref, country: parcel.pais });
  } catch (error) {
    if (!stillAsked()) return;
    lookupFailed({ ...toUiError(i18next.t('parcel:loadFailedTitle', { ref: finca }), error), ...nearMatchChoices(error) });
  }
}

/** References of the copy one typing slip from the one not found (the service's `data.nearMatches`), offered to search instead. */
function nearMatchChoices(error: unknown): Pick<UiError, 'choices'> {
  const near = error instanceof ClientError ? error.data?.nearMatches : undefined;
  if (!Array.isArray(near) || near.length === 0) return {};
  return { choices: near.map((ref) => ({ label: i18next.t('search:searchSuggestion', { ref: String(ref) }), text: String(ref) })) };
}

/**
 * Selects the parcel at a point: the drawn parcel's reference when there is one. A click between
 * drawn parcels of the copy is a street, road, river or other public land: said so at once, not
 * asked of the live source. Elsewhere the service's point lookup answers.
 */
export async function selectParcelAt(client: CatastroClient, click: MapClick, fromMap = false): Promise<void> {
  const store = useAppStore.getState();
  if (click.parcel) {
    if (fromMap) store.setSearchText(click.parcel.ref);
    // The drawn feature's country: a reference shape two countries share is not guessed again.
    return selectParcelByRef(client, click.parcel.ref, click.parcel.country);
  }
  const where = { latitude: click.latitude.toFixed(DEGREE_DECIMALS), longitude: click.longitude.toFixed(DEGREE_DECIMALS) };
  if (fromMap) store.setSearchText(`${where.latitude}, ${where.longitude}`);
  store.showError(null);
  if (click.betweenParcels) {
    lookupFailed({ title: i18next.t('parcel:publicLandTitle'), message: i18next.t('parcel:publicLand'), advice: i18next.t('parcel:publicLandAdvice') });
    return;
  }
  const selectionAsked = store.selection;
  try {
    // One round trip: the parcel whole, read by the country that found it.
    const parcel = await client.call('parcelAtPoint', { latitude: click.latitude, longitude: click.longitude });
    const state = useAppStore.getState();
    if (state.selection !== selectionAsked) return; // the user chose another parcel meanwhile
    state.select(USelection.single(parcel.refCatastral, parcel.pais));
    state.setParcel(parcel, 'done');
  } catch (error) {
    if (useAppStore.getState().selection !== selectionAsked) return;
    const ui = toUiError(i18next.t('parcel:noParcelAt', where), error);
    // The generic NOT_FOUND advice is about references; here a point was asked (a click, typed coordinates).
    lookupFailed(ui.code === 'NOT_FOUND' ? { ...ui, advice: i18next.t('parcel:noParcelAtAdvice') } : ui);
  }
}

/** Opens one unit (20-character reference, keyed by its finca's country) of the selected finca. */
export async function openUnit(client: CatastroClient, unit: ParcelKey): Promise<void> {
  const ref20 = unit.ref;
  try {
    useAppStore.getState().setUnit(await client.call('parcel', parcelInput(unit)));
  } catch (error) {
    useAppStore.getState().showError(toUiError(i18next.t('parcel:unitFailedTitle', { ref: ref20 }), error));
  }
}
