import { useAppStore } from '../state/store.js';

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** Progress of a running import and the counts when it ends. */
export function ImportStatus() {
  const { status, progress, results } = useAppStore((s) => s.importState);
  const setImport = useAppStore((s) => s.setImport);
  if (status === 'idle' || status === 'error') return null;
  if (status === 'loading') {
    const name = progress?.file.split(/[\\/]/).pop();
    return (
      <div className="import-status" role="status" data-testid="import-status">
        <span>Importing {name ?? '…'}</span>
        <progress value={progress?.bytesRead ?? 0} max={progress?.bytesTotal || undefined} />
        <span className="muted">{progress ? `${progress.records.toLocaleString()} records` : 'Starting…'}</span>
      </div>
    );
  }
  return (
    <div className="import-status" role="status" data-testid="import-status">
      <span>
        Imported {results.length} file{results.length === 1 ? '' : 's'}: {sum(results.map((r) => r.parcels))} parcels,{' '}
        {sum(results.map((r) => r.buildings))} buildings, {sum(results.map((r) => r.units))} units
        {sum(results.map((r) => r.skipped)) > 0 && `, ${sum(results.map((r) => r.skipped))} skipped`}.
      </span>
      <button type="button" className="close" onClick={() => setImport({ status: 'idle', results: [] })} aria-label="Dismiss">×</button>
    </div>
  );
}
