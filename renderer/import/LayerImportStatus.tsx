import type { HazardLayerKind } from '../client/catastro-client.js';
import { formatNumber } from '../i18n/format.js';
import { i18next, useTranslation } from '../i18n/i18n.js';
import { useAppStore } from '../state/store.js';

const baseName = (file: string) => file.split(/[\\/]/).pop() ?? file;
const counted = (count: number, kind: HazardLayerKind) => i18next.t(`import:counted.${kind}`, { count, formatted: formatNumber(count) });

/** Progress of a hazard-layer import, file by file, and the counts when it ends (as ImportStatus does for parcels). */
export function LayerImportStatus() {
  const { t } = useTranslation('import');
  const { status, kind, progress, results } = useAppStore((s) => s.layerImport);
  const setLayerImport = useAppStore((s) => s.setLayerImport);
  if (!kind || (status !== 'loading' && status !== 'done')) return null;
  if (status === 'loading') {
    return (
      <div className="import-status" role="status" data-testid="layer-import-status">
        <span>
          {progress ? t('importingFile', { file: baseName(progress.file), index: progress.index, total: progress.total }) : t('importing', { file: '…' })}
        </span>
        <progress value={progress ? progress.index - 1 : 0} max={progress?.total ?? 1} />
        <span className="muted">{progress ? counted(progress.count, kind) : t('starting')}</span>
      </div>
    );
  }
  const total = results.reduce((sum, r) => sum + r.count, 0);
  return (
    <div className="import-status" role="status" data-testid="layer-import-status">
      <span>
        {t('layersDone', {
          count: results.length,
          what: counted(total, kind),
          detail: results.length > 1 ? ` (${results.map((r) => `${baseName(r.file)}: ${formatNumber(r.count)}`).join(', ')})` : '',
        })}
      </span>
      <button type="button" className="close" onClick={() => setLayerImport({ status: 'idle', kind: null, results: [] })} aria-label={t('dismiss')}>
        ×
      </button>
    </div>
  );
}
