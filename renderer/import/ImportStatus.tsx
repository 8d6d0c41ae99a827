import { formatNumber } from '../i18n/format.js';
import { useTranslation } from '../i18n/i18n.js';
import { useAppStore } from '../state/store.js';

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** Progress of a running import and the counts when it ends. */
export function ImportStatus() {
  const { t } = useTranslation('import');
  const { status, progress, results } = useAppStore((s) => s.importState);
  const setImport = useAppStore((s) => s.setImport);
  if (status === 'idle' || status === 'error') return null;
  if (status === 'loading') {
    const name = progress?.file.split(/[\\/]/).pop();
    return (
      <div className="import-status" role="status" data-testid="import-status">
        <span>{t('importing', { file: name ?? '…' })}</span>
        <progress value={progress?.bytesRead ?? 0} max={progress?.bytesTotal || undefined} />
        <span className="muted">{progress ? t('records', { count: progress.records, formatted: formatNumber(progress.records) }) : t('starting')}</span>
      </div>
    );
  }
  return (
    <div className="import-status" role="status" data-testid="import-status">
      <span>
        {t('cadastreDone', {
          count: results.length,
          parcels: formatNumber(sum(results.map((r) => r.parcels))),
          buildings: formatNumber(sum(results.map((r) => r.buildings))),
          units: formatNumber(sum(results.map((r) => r.units))),
        })}
        {sum(results.map((r) => r.skipped)) > 0 && ` ${t('skipped', { count: sum(results.map((r) => r.skipped)) })}`}
      </span>
      <button type="button" className="close" onClick={() => setImport({ status: 'idle', results: [] })} aria-label={t('dismiss')}>
        ×
      </button>
    </div>
  );
}
