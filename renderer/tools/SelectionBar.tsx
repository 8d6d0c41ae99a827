import { useState } from 'react';
import { useClient } from '../ui/client-context.js';
import type { SelectionFormat } from '../client/catastro-client.js';
import { toUiError } from '../errors/advice.js';
import { saveAsFile } from '../export/save-as-file.js';
import { useTranslation } from '../i18n/i18n.js';
import { useAppStore } from '../state/store.js';
import { useToolStore } from './tool-store.js';
import { selectionInput } from '../../core/model/index.js';

const MIME: Record<SelectionFormat, string> = { geojson: 'application/geo+json', gpkg: 'application/geopackage+sqlite3' };

/** The parcels picked on the map (shift-click, rectangle, polygon), exported together as GeoJSON or GeoPackage. */
export function SelectionBar() {
  const { t } = useTranslation('tools');
  const client = useClient();
  const picked = useToolStore((s) => s.picked);
  const clear = useToolStore((s) => s.clearPicked);
  const showError = useAppStore((s) => s.showError);
  const [busy, setBusy] = useState<SelectionFormat | null>(null);
  if (picked.length === 0) return null;
  const run = async (format: SelectionFormat) => {
    setBusy(format);
    try {
      const file = await client.call('exportSelection', { ...selectionInput(picked), format });
      saveAsFile(file.bytes, file.fileName, MIME[format]);
    } catch (error) {
      showError(toUiError(t('exportFailed', { n: picked.length }), error));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="selection-bar" role="region" aria-label={t('selection')} data-testid="selection-bar">
      <strong data-testid="picked-count">{t('picked', { count: picked.length })}</strong>
      <button type="button" onClick={() => void run('geojson')} disabled={busy !== null} data-testid="export-selection-geojson">
        {t('exportAs', { format: 'GeoJSON' })}
      </button>
      <button type="button" onClick={() => void run('gpkg')} disabled={busy !== null} data-testid="export-selection-gpkg">
        {t('exportAs', { format: 'GeoPackage' })}
      </button>
      <button type="button" onClick={clear} data-testid="clear-selection">
        {t('clear')}
      </button>
    </div>
  );
}
