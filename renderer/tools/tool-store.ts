import { create } from 'zustand';

/** What a click on the map does: identify (none), select by rectangle or polygon, or measure. */
export type ToolMode = 'none' | 'select-rectangle' | 'select-polygon' | 'measure-distance' | 'measure-area';

export interface ToolState {
  mode: ToolMode;
  /** References picked for a multi-parcel export (shift-click, rectangle, polygon), in pick order. */
  picked: string[];
  /** Points of the measure or the polygon being drawn, [lon, lat]. */
  points: [number, number][];
  /** The cursor's position over the map, for the coordinate readout. */
  cursor: { latitude: number; longitude: number } | null;
  /** A position pinned by right-clicking the map: the readout holds it so it can be copied. */
  pinned: { latitude: number; longitude: number } | null;
  setMode(mode: ToolMode): void;
  togglePicked(ref: string): void;
  addPicked(refs: string[]): void;
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
  togglePicked: (ref) => set((state) => ({ picked: state.picked.includes(ref) ? state.picked.filter((r) => r !== ref) : [...state.picked, ref] })),
  addPicked: (refs) => set((state) => ({ picked: [...state.picked, ...refs.filter((r) => !state.picked.includes(r))] })),
  clearPicked: () => set({ picked: [] }),
  setPoints: (points) => set({ points }),
  setCursor: (cursor) => set({ cursor }),
  setPinned: (pinned) => set({ pinned }),
}));
