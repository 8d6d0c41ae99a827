import type { OfflineArea } from '../client/catastro-client.js';
import { offlineAreaLabel } from '../../core/model/index.js';
import { formatDate, formatNumber } from '../i18n/format.js';
import { useTranslation } from '../i18n/i18n.js';

interface OfflineAreasTableProps {
  areas: OfflineArea[];
  /** A download or update is running: no other may start. */
  running: boolean;
  /** Why updating waits (offline), shown on its button; undefined when it can run. */
  needsConnection?: string;
  onUpdate: (area: OfflineArea) => void;
  onRemove: (area: OfflineArea) => void;
}

/**
 * The areas the copy holds, each with two dates told apart: the cadastre's own date of its
 * parcels (the file's date, which each parcel's panel shows as its data date) and when the app
 * downloaded it. One "Data of" column showed the first alone, and users took it for the second.
 */
export function OfflineAreasTable({ areas, running, needsConnection, onUpdate, onRemove }: OfflineAreasTableProps) {
  const { t } = useTranslation('offline');
  return (
    <table className="offline-areas" data-testid="offline-areas">
      <thead>
        <tr>
          <th>{t('area')}</th>
          <th>{t('parcels')}</th>
          <th title={t('dataDateHint')}>{t('dataDate')}</th>
          <th>{t('downloadedAt')}</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {areas.map((area) => (
          <tr key={area.id} data-testid={`offline-area-${area.id}`}>
            <td>
              {offlineAreaLabel(area).name} <span className="muted">({offlineAreaLabel(area).place})</span>
              {/* The file it came from, under its name: a column of its own pushed the table past the dialog in German. */}
              <div className="source muted" title={area.source}>
                {t('source')}: {area.source.split('/').pop()}
              </div>
            </td>
            <td>{formatNumber(area.parcels)}</td>
            <td data-testid="offline-area-data-date">{formatDate(area.dataDate) ?? '?'}</td>
            <td data-testid="offline-area-downloaded">{formatDate(area.updatedAt)}</td>
            <td>
              <div className="area-actions">
                <button type="button" disabled={running || needsConnection !== undefined} title={needsConnection} onClick={() => onUpdate(area)}>
                  {t('update')}
                </button>
                <button type="button" disabled={running} onClick={() => onRemove(area)}>
                  {t('remove')}
                </button>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
