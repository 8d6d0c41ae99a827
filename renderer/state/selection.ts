import { sameParcelKey, type ParcelKey } from '../../core/model/index.js';

/**
 * What the user has selected on the map: nothing, or one parcel (placemark's USelection, reduced).
 * A parcel picked on the map or answered by the service has its key; a reference typed in the
 * search box has no country until the service answers it (then `country` is absent).
 */
export type SelectedParcel = Pick<ParcelKey, 'ref'> & Partial<Pick<ParcelKey, 'country'>>;
export type Selection = { kind: 'none' } | ({ kind: 'parcel' } & SelectedParcel);

export const USelection = {
  none: (): Selection => ({ kind: 'none' }),
  single: (ref: string, country?: string): Selection => ({ kind: 'parcel', ref, country }),
  ref: (selection: Selection): string | null => (selection.kind === 'parcel' ? selection.ref : null),
  parcel: (selection: Selection): SelectedParcel | null => (selection.kind === 'parcel' ? { ref: selection.ref, country: selection.country } : null),
  equals: (a: Selection, b: Selection): boolean => sameParcelKey(USelection.parcel(a) as ParcelKey | null, USelection.parcel(b) as ParcelKey | null),
};
