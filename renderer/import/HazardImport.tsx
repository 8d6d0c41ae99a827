import { useClient } from '../app/client-context.js';
import type { HazardLayerKind } from '../client/catastro-client.js';
import { useAppStore } from '../state/store.js';
import { pickLayers } from './run-layer-import.js';

const KINDS: { kind: HazardLayerKind; label: string }[] = [
  { kind: 'protected-areas', label: 'Protected areas (Natura 2000)…' },
  { kind: 'ground-motion', label: 'Ground motion (EGMS tiles)…' },
  { kind: 'designated-areas', label: 'National designated areas…' },
];

/** Desktop only: hazard layers from files, for the overlays and the analyses (the browser has no file dialog to the core). */
export function HazardImport() {
  const client = useClient();
  const busy = useAppStore((s) => s.layerImport.status === 'loading');
  if (!client.desktop) return null;
  return (
    <details className="hazard-import" data-testid="hazard-import">
      <summary>Import hazard layers</summary>
      {KINDS.map(({ kind, label }) => (
        <button key={kind} type="button" disabled={busy} onClick={() => void pickLayers(client, kind)} data-testid={`import-${kind}`}>
          {label}
        </button>
      ))}
      <p className="help">
        Protected areas: Natura 2000 layers as GeoJSON (.geojson, .json, .gz), shapefile (.shp) or GeoPackage (.gpkg) with
        the EEA or Comunidad de Madrid fields. Ground motion: EGMS Ortho L3 tiles (.zip, as downloaded). National designated
        areas: a layer in any of those formats; you choose which fields hold the code, name and designation. Works offline;
        importing a file again replaces it.
      </p>
    </details>
  );
}
