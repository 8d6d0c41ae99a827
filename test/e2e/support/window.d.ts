// What the renderer exposes on window for tests (renderer/map/MapView.tsx).
import type { Map as MapLibreMap } from 'maplibre-gl';

declare global {
  interface Window {
    __catastroMap?: MapLibreMap;
  }
}
export {};
