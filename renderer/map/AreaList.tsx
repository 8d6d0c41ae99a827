import { useEffect, useState } from 'react';
import type { CopyExtent } from '../../core/model/index.js';
import { useClient } from '../ui/client-context.js';
import { formatNumber } from '../i18n/format.js';
import { useTranslation } from '../i18n/i18n.js';
import { useAppStore } from '../state/store.js';
import { takenAreas } from './start-view.js';
import { mapView } from './view-context.js';

/** The copy's areas (offline areas, imported municipalities) with their parcels, largest first: one click or Enter moves the map there. */
export function AreaList() {
  const { t } = useTranslation('map');
  const client = useClient();
  const copyRevision = useAppStore((s) => s.copyRevision);
  const [areas, setAreas] = useState<CopyExtent[]>([]);

  useEffect(() => {
    let live = true;
    client
      .call('extents')
      .then((extents) => {
        if (live) setAreas(takenAreas(extents));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [client, copyRevision]);

  if (areas.length === 0) return null;
  return (
    <details className="area-list" data-testid="area-list">
      <summary>{t('areas.title', { areas: formatNumber(areas.length) })}</summary>
      <ul aria-label={t('areas.label')}>
        {areas.map((area) => (
          <li key={area.area}>
            <button type="button" onClick={() => mapView()?.showArea(area)} data-testid="area-jump" data-area={area.area}>
              {area.name ?? area.area} <small>{t('areas.parcels', { count: area.parcels, parcels: formatNumber(area.parcels) })}</small>
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}
