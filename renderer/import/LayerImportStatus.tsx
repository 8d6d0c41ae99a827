import type { HazardLayerKind } from '../client/catastro-client.js';
import { useAppStore } from '../state/store.js';

const NOUNS: Record<HazardLayerKind, [string, string]> = {
  'protected-areas': ['protected site', 'protected sites'],
  'designated-areas': ['national designated area', 'national designated areas'],
  'ground-motion': ['ground-motion cell', 'ground-motion cells'],
};

const baseName = (file: string) => file.split(/[\\/]/).pop() ?? file;
const counted = (count: number, kind: HazardLayerKind) => `${count.toLocaleString()} ${NOUNS[kind][count === 1 ? 0 : 1]}`;

/** Progress of a hazard-layer import, file by file, and the counts when it ends (as ImportStatus does for parcels). */
export function LayerImportStatus() {
  const { status, kind, progress, results } = useAppStore((s) => s.layerImport);
  const setLayerImport = useAppStore((s) => s.setLayerImport);
  if (!kind || (status !== 'loading' && status !== 'done')) return null;
  if (status === 'loading') {
    return (
      <div className="import-status" role="status" data-testid="layer-import-status">
        <span>Importing {progress ? `${baseName(progress.file)} (file ${progress.index} of ${progress.total})` : '…'}</span>
        <progress value={progress ? progress.index - 1 : 0} max={progress?.total ?? 1} />
        <span className="muted">{progress ? counted(progress.count, kind) : 'Starting…'}</span>
      </div>
    );
  }
  const total = results.reduce((sum, r) => sum + r.count, 0);
  return (
    <div className="import-status" role="status" data-testid="layer-import-status">
      <span>
        Imported {results.length} layer file{results.length === 1 ? '' : 's'}: {counted(total, kind)}
        {results.length > 1 && ` (${results.map((r) => `${baseName(r.file)}: ${r.count.toLocaleString()}`).join(', ')})`}.
      </span>
      <button type="button" className="close" onClick={() => setLayerImport({ status: 'idle', kind: null, results: [] })} aria-label="Dismiss">×</button>
    </div>
  );
}
