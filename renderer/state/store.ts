import { create } from 'zustand';
import type { AddressCandidate, Parcel, Unit } from '../../core/model/index.js';
import type {
  HazardLayerKind,
  HazardLayerProgress,
  HazardLayerResult,
  ImportProgressInfo,
  ImportSummary,
  OverlayKind,
  PickedLayerFiles,
} from '../client/catastro-client.js';
import { USelection, type Selection } from './selection.js';

export type LayerId = 'basemap' | 'cadastreWms' | 'parcels' | 'outlines' | 'protectedAreas' | 'groundMotion';
export type Connectivity = 'checking' | 'online' | 'offline';
export type LoadStatus = 'idle' | 'loading' | 'done' | 'error';

/** An error as the user sees it: the service's message plus what to do next. */
export interface UiError {
  title: string;
  message: string;
  advice: string;
  code?: string;
  /** The service's original text, shown folded under "Details" (for support), never as the message. */
  details?: string;
  /** Where the user looks for it: under the search box (lookups) or the banner (imports, exports). */
  place?: 'search' | 'banner';
  /** What the user may have meant, each a search to run (a name several places have: one button each). */
  choices?: UiChoice[];
}

/** One of the places a search's name fits: its name, and the search text that asks for it alone. */
export interface UiChoice {
  label: string;
  text: string;
}

export interface UnitsState {
  finca: string | null;
  status: LoadStatus;
  rows: Unit[];
  /** Units the finca declares (totalUnidadesFinca), for the progress bar. */
  expected: number;
  dataSource?: string;
  dataDate?: string;
  attribution?: string;
  error?: UiError;
}

export interface ImportState {
  status: LoadStatus;
  progress: ImportProgressInfo | null;
  results: ImportSummary[];
}

export interface LayerImportState {
  status: LoadStatus;
  kind: HazardLayerKind | null;
  /** Designated-area files waiting for their field mapping: the mapping form is open while set. */
  picked: PickedLayerFiles | null;
  progress: HazardLayerProgress | null;
  results: HazardLayerResult[];
}

/** The map layer that draws an overlay kind. */
export const OVERLAY_LAYER: Record<OverlayKind, LayerId> = { 'protected-areas': 'protectedAreas', 'ground-motion': 'groundMotion' };

export interface AppState {
  selection: Selection;
  parcel: Parcel | null;
  parcelStatus: LoadStatus;
  unit: Parcel | null;
  units: UnitsState;
  candidates: AddressCandidate[];
  searchStatus: LoadStatus;
  /** The candidates come from the addresses the local copy holds (the address service was not reached). */
  candidatesFromCopy: boolean;
  layers: Record<LayerId, boolean>;
  connectivity: Connectivity;
  error: UiError | null;
  importState: ImportState;
  layerImport: LayerImportState;
  /** Bumped when an overlay's data changed (a layer import): the map reloads the overlays shown. */
  overlayRevision: number;
  /** Bumped when the copy's parcels changed (an import, an offline area downloaded, updated or removed): the map draws them again. */
  copyRevision: number;
  settingsOpen: boolean;
  /** The "available offline" dialog; `bbox` is the map view it was opened from ([W, S, E, N]). */
  offlineDialog: { open: boolean; bbox?: [number, number, number, number] };
  /** The search box's text: what the user typed, or the reference of the parcel picked on the map. */
  searchText: string;
  /** Features each shown overlay draws in the view ('zoom': too far out to load); a layer with 0 says how to load data. */
  overlayDrawn: Partial<Record<LayerId, number | 'zoom'>>;
  /** The map's zoom, for the "zoom in to see parcels" hint. */
  zoom: number;
  /** Centre of the map view [lon, lat], after each move: the default country of address searches. */
  mapCentre: [number, number] | null;

  select(selection: Selection): void;
  setParcel(parcel: Parcel | null, status: LoadStatus): void;
  setUnit(unit: Parcel | null): void;
  setUnits(patch: Partial<UnitsState>): void;
  appendUnits(rows: Unit[]): void;
  setCandidates(candidates: AddressCandidate[], status: LoadStatus, fromCopy?: boolean): void;
  setMapCentre(centre: [number, number]): void;
  toggleLayer(layer: LayerId, visible?: boolean): void;
  setConnectivity(connectivity: Connectivity): void;
  showError(error: UiError | null): void;
  setImport(patch: Partial<ImportState>): void;
  setLayerImport(patch: Partial<LayerImportState>): void;
  /** Reloads an overlay whose data changed when it is shown; turns it on first when `show` (a successful import). */
  refreshOverlay(kind: OverlayKind, show?: boolean): void;
  copyChanged(): void;
  setSettingsOpen(open: boolean): void;
  setOfflineDialog(state: { open: boolean; bbox?: [number, number, number, number] }): void;
  setSearchText(text: string): void;
  setOverlayDrawn(layer: LayerId, drawn: number | 'zoom'): void;
  setZoom(zoom: number): void;
}

export const initialUnits: UnitsState = { finca: null, status: 'idle', rows: [], expected: 0 };

export const useAppStore = create<AppState>()((set) => ({
  selection: USelection.none(),
  parcel: null,
  parcelStatus: 'idle',
  unit: null,
  units: initialUnits,
  candidates: [],
  searchStatus: 'idle',
  candidatesFromCopy: false,
  mapCentre: null,
  // Hazard overlays start hidden: they are data the user asks for, not the base picture.
  layers: { basemap: true, cadastreWms: true, parcels: true, outlines: true, protectedAreas: false, groundMotion: false },
  connectivity: 'checking',
  error: null,
  importState: { status: 'idle', progress: null, results: [] },
  layerImport: { status: 'idle', kind: null, picked: null, progress: null, results: [] },
  overlayRevision: 0,
  copyRevision: 0,
  settingsOpen: false,
  offlineDialog: { open: false },
  searchText: '',
  overlayDrawn: {},
  zoom: 14,

  select: (selection) =>
    set((state) =>
      USelection.equals(state.selection, selection)
        ? { selection }
        : // A new parcel invalidates everything shown about the previous one.
          { selection, parcel: null, unit: null, units: initialUnits, parcelStatus: selection.kind === 'none' ? 'idle' : 'loading' },
    ),
  setParcel: (parcel, parcelStatus) => set({ parcel, parcelStatus }),
  setUnit: (unit) => set({ unit }),
  setUnits: (patch) => set((state) => ({ units: { ...state.units, ...patch } })),
  appendUnits: (rows) => set((state) => ({ units: { ...state.units, rows: [...state.units.rows, ...rows] } })),
  setCandidates: (candidates, searchStatus, fromCopy = false) => set({ candidates, searchStatus, candidatesFromCopy: fromCopy }),
  setMapCentre: (mapCentre) => set({ mapCentre }),
  toggleLayer: (layer, visible) => set((state) => ({ layers: { ...state.layers, [layer]: visible ?? !state.layers[layer] } })),
  setConnectivity: (connectivity) => set({ connectivity }),
  showError: (error) => set({ error }),
  setImport: (patch) => set((state) => ({ importState: { ...state.importState, ...patch } })),
  setLayerImport: (patch) => set((state) => ({ layerImport: { ...state.layerImport, ...patch } })),
  refreshOverlay: (kind, show = true) =>
    set((state) => {
      const layer = OVERLAY_LAYER[kind];
      // Turning a hidden overlay on loads it already; one that is shown needs a reload.
      if (state.layers[layer]) return { overlayRevision: state.overlayRevision + 1 };
      return show ? { layers: { ...state.layers, [layer]: true } } : {};
    }),
  copyChanged: () => set((state) => ({ copyRevision: state.copyRevision + 1 })),
  setSettingsOpen: (settingsOpen) => set({ settingsOpen }),
  setOfflineDialog: (offlineDialog) => set({ offlineDialog }),
  setSearchText: (searchText) => set({ searchText }),
  setOverlayDrawn: (layer, drawn) => set((state) => ({ overlayDrawn: { ...state.overlayDrawn, [layer]: drawn } })),
  setZoom: (zoom) => set({ zoom }),
}));
