// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { USelection } from '../../../../renderer/state/selection.js';
import { initialUnits, useAppStore } from '../../../../renderer/state/store.js';
import { segoviaParcelStub } from '../segovia-parcel-stub.js';

const parcel = segoviaParcelStub('40146A00405051');
const initial = useAppStore.getState();

describe('app store', () => {
  beforeEach(() => useAppStore.setState(initial, true));

  it('starts with nothing selected, every base layer on, hazard overlays off, connectivity unknown', () => {
    const state = useAppStore.getState();
    expect(state.selection).toEqual(USelection.none());
    expect(state.layers).toEqual({ basemap: true, cadastreWms: true, parcels: true, outlines: true, protectedAreas: false, groundMotion: false });
    expect(state.connectivity).toBe('checking');
  });

  it('selecting another parcel clears what was shown about the previous one and marks it loading', () => {
    const store = useAppStore.getState();
    store.select(USelection.single('A'));
    store.setParcel(parcel, 'done');
    store.setUnits({ finca: 'A', status: 'done', rows: [], expected: 3 });
    store.setUnit(parcel);

    useAppStore.getState().select(USelection.single('B'));
    const state = useAppStore.getState();
    expect(state.selection).toEqual({ kind: 'parcel', ref: 'B' });
    expect(state.parcel).toBeNull();
    expect(state.unit).toBeNull();
    expect(state.units).toEqual(initialUnits);
    expect(state.parcelStatus).toBe('loading');
  });

  it('re-selecting the same parcel keeps its data', () => {
    useAppStore.getState().select(USelection.single('A'));
    useAppStore.getState().setParcel(parcel, 'done');
    useAppStore.getState().select(USelection.single('A'));
    expect(useAppStore.getState().parcel).toBe(parcel);
    expect(useAppStore.getState().parcelStatus).toBe('done');
  });

  it('toggles layers, or sets them explicitly', () => {
    useAppStore.getState().toggleLayer('basemap');
    expect(useAppStore.getState().layers.basemap).toBe(false);
    useAppStore.getState().toggleLayer('basemap');
    expect(useAppStore.getState().layers.basemap).toBe(true);
    useAppStore.getState().toggleLayer('parcels', false);
    expect(useAppStore.getState().layers.parcels).toBe(false);
  });

  it('appends unit pages in order', () => {
    const unit = (ref: string) => ({ refCatastral: ref }) as never;
    useAppStore.getState().appendUnits([unit('1'), unit('2')]);
    useAppStore.getState().appendUnits([unit('3')]);
    expect(useAppStore.getState().units.rows.map((u) => u.refCatastral)).toEqual(['1', '2', '3']);
  });

  it('after a layer import, a hidden overlay is turned on and a shown one is reloaded; a failed one only reloads a shown overlay', () => {
    useAppStore.getState().refreshOverlay('protected-areas', false);
    expect(useAppStore.getState().layers.protectedAreas).toBe(false);
    expect(useAppStore.getState().overlayRevision).toBe(0);
    useAppStore.getState().refreshOverlay('protected-areas');
    expect(useAppStore.getState().layers.protectedAreas).toBe(true);
    expect(useAppStore.getState().overlayRevision).toBe(0);
    useAppStore.getState().refreshOverlay('protected-areas');
    expect(useAppStore.getState().overlayRevision).toBe(1);
    useAppStore.getState().refreshOverlay('ground-motion');
    expect(useAppStore.getState().layers.groundMotion).toBe(true);
    expect(useAppStore.getState().overlayRevision).toBe(1);
  });
});

describe('USelection', () => {
  it('compares selections by reference', () => {
    expect(USelection.equals(USelection.single('A'), USelection.single('A'))).toBe(true);
    expect(USelection.equals(USelection.single('A'), USelection.none())).toBe(false);
    expect(USelection.ref(USelection.none())).toBeNull();
  });
});
