/** What the user has selected on the map: nothing, or one parcel by reference (placemark's USelection, reduced). */
export type Selection = { kind: 'none' } | { kind: 'parcel'; ref: string };

export const USelection = {
  none: (): Selection => ({ kind: 'none' }),
  single: (ref: string): Selection => ({ kind: 'parcel', ref }),
  ref: (selection: Selection): string | null => (selection.kind === 'parcel' ? selection.ref : null),
  equals: (a: Selection, b: Selection): boolean => USelection.ref(a) === USelection.ref(b),
};
