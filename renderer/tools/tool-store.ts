import { create } from 'zustand';
import { sameParcelKey, type ParcelKey } from '../../core/model/index.js';

/** What a click on the map does: identify (none), select by rectangle or polygon, or measure. */
export type ToolMode = 'none' | 'select-rectangle' | 'select-polygon' | 'measure-distance' | 'measure-area';

export interface ToolState {
  mode: ToolMode;
  /** Parcels picked for a multi-parcel export (shift-click, rectangle, polygon), in pick order. */
  picked: ParcelKey[];
  /** Points of the measure or the polygon being drawn, [lon, lat]. */
  points: [number, number][];
  /** The cursor's position over the map, for the coordinate readout. */
  cursor: { latitude: number; longitude: number } | null;
  /** A position pinned by right-clicking the map: the readout holds it so it can be copied. */
  pinned: { latitude: number; longitude: number } | null;
  setMode(mode: ToolMode): void;
  togglePicked(parcel: ParcelKey): void;
  addPicked(parcels: ParcelKey[]): void;
  clearPicked(): void;
  setPoints(points: [number, number][]): void;
  setCursor(cursor: ToolState['cursor']): void;
  setPinned(pinned: ToolState['pinned']): void;
}

export const useToolStore = create<ToolState>()((set) => ({
  mode: 'none',
  picked: [],
  points: [],
  cursor: null,
  pinned: null,
  // A new tool starts from a clean drawing; picked parcels stay until cleared.
  setMode: (mode) => set((state) => ({ mode: state.mode === mode ? 'none' : mode, points: [] })),
  togglePicked: (parcel) =>
    set((state) => ({
      picked: state.picked.some((p) => sameParcelKey(p, parcel)) ? state.picked.filter((p) => !sameParcelKey(p, parcel)) : [...state.picked, parcel],
    })),
  addPicked: (parcels) => set((state) => ({ picked: [...state.picked, ...parcels.filter((parcel) => !state.picked.some((p) => sameParcelKey(p, parcel)))] })),
  clearPicked: () => set({ picked: [] }),
  setPoints: (points) => set({ points }),
  setCursor: (cursor) => set({ cursor }),
  setPinned: (pinned) => set({ pinned }),
}));
