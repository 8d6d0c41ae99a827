import { useEffect, useState } from 'react';
import type { CopyBuildingFacts, Parcel } from '../../core/model/index.js';
import { useClient } from '../ui/client-context.js';
import { ErrorDetails } from '../errors/ErrorDetails.js';
import { needsConnection } from '../errors/advice.js';
import { formatArea, formatDate, formatNumber } from '../i18n/format.js';
import { useTranslation } from '../i18n/i18n.js';
import { openUnit } from '../parcel/select-parcel.js';
import { describeSource } from '../parcel/format.js';
import { useAppStore } from '../state/store.js';
import { loadAllUnits } from './load-all-units.js';
import { loadWhenShown } from '../ui/load-when-first-needed.js';

// The table library loads with the first finca that has units, not with the map.
const UnitsTable = loadWhenShown(async () => (await import('./UnitsTable.js')).UnitsTable);

/** Rustic land rarely has dwellings: load its units on request, urban fincas' at once. */
const loadsByItself = (parcel: Parcel) => parcel.clase !== 'Rústico';
/** Plain farmland: rustic, and the copy records no building on it, so there are no units to show. */
export const isPlainFarmland = (parcel: Parcel) => parcel.clase === 'Rústico' && !parcel.superficieConstruida;

export function UnitsSection({ parcel }: { parcel: Parcel }) {
  const { t } = useTranslation('units');
  const client = useClient();
  const units = useAppStore((s) => s.units);
  const offline = useAppStore((s) => s.connectivity === 'offline');
  const ref14 = parcel.refCatastral.slice(0, 14);
  const current = units.finca === ref14;
  const finca = { ref: ref14, country: parcel.pais };

  useEffect(() => {
    if (loadsByItself(parcel) && useAppStore.getState().units.finca !== ref14) void loadAllUnits(client, { ref: ref14, country: parcel.pais });
  }, [client, parcel, ref14]);

  const load = () => void loadAllUnits(client, finca);
  const fraction = units.expected > 0 ? Math.min(1, units.rows.length / units.expected) : 0;
  if (isPlainFarmland(parcel)) return null;

  return (
    <section className="units" aria-label={t('sectionLabel')} data-testid="units-section">
      <h3>{t('heading')}</h3>
      {!current && (
        <button type="button" onClick={load} data-testid="load-units">
          {t('show')}
        </button>
      )}
      {current && units.status === 'loading' && (
        <div className="progress-line">
          <progress value={units.rows.length} max={units.expected || undefined} data-testid="units-progress" />
          <span className="muted">
            {units.expected
              ? t('progressOf', { count: units.rows.length, total: units.expected, percent: Math.round(fraction * 100) })
              : t('progress', { count: units.rows.length })}
          </span>
        </div>
      )}
      {current && units.status === 'error' && units.error && needsConnection(units.error) && (
        // Not an error: the list lives at the Catastro. Say so calmly and show what the copy knows.
        <div className="inline-note" role="status" data-testid="units-need-connection">
          <p>{offline ? t('needsConnectionOffline') : t('needsConnection')}</p>
          <CopyKnows parcel={parcel} />
          {!offline && (
            <button type="button" onClick={load}>
              {t('retry')}
            </button>
          )}
          <ErrorDetails error={units.error} />
        </div>
      )}
      {current && units.status === 'error' && units.error && !needsConnection(units.error) && (
        <div className="inline-error" role="alert">
          <strong>{units.error.message}</strong>
          <p>{units.error.advice}</p>
          <button type="button" onClick={load}>
            {t('retry')}
          </button>
          <ErrorDetails error={units.error} />
        </div>
      )}
      {current && units.rows.length > 0 && (
        <>
          <p className="muted" data-testid="units-count">
            {t('count', { count: units.rows.length, formatted: formatNumber(units.rows.length) })}
            {units.expected && units.expected !== units.rows.length ? ` ${t('declares', { count: units.expected })}` : ''}
            {' · '}
            {describeSource(units.dataSource)}
            {units.dataDate ? ` · ${formatDate(units.dataDate)}` : ''}
          </p>
          <UnitsTable units={units.rows} onOpen={(ref) => void openUnit(client, { ref, country: parcel.pais })} />
          {units.attribution && <p className="attribution">{t('parcel:attribution', { source: units.attribution })}</p>}
        </>
      )}
      {current && units.status === 'done' && units.rows.length === 0 && <p className="muted">{t('none')}</p>}
    </section>
  );
}

/**
 * What the local copy knows about the building while the unit list needs a connection: its use,
 * built area and year, and the dwellings and units the building declares (the copy's own record,
 * asked of the service; the parcel's fields when that fails).
 */
function CopyKnows({ parcel }: { parcel: Parcel }) {
  const { t } = useTranslation('units');
  const client = useClient();
  const ref14 = parcel.refCatastral.slice(0, 14);
  const [building, setBuilding] = useState<CopyBuildingFacts | null>(null);
  useEffect(() => {
    let live = true;
    client.call('copyBuilding', { refcat: ref14 }).then(
      (facts) => {
        if (live) setBuilding(facts);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [client, ref14]);
  const use = building?.uso ?? parcel.uso;
  const builtArea = building?.superficieConstruida ?? parcel.superficieConstruida;
  const year = building?.anioConstruccion ?? parcel.anioConstruccion;
  const facts = [
    use && t('copyKnows.use', { use }),
    building?.viviendas !== undefined && t('copyKnows.dwellings', { count: building.viviendas, formatted: formatNumber(building.viviendas) }),
    building?.unidades !== undefined && t('copyKnows.buildingUnits', { count: building.unidades, formatted: formatNumber(building.unidades) }),
    builtArea !== undefined && t('copyKnows.builtArea', { area: formatArea(builtArea) }),
    year !== undefined && t('copyKnows.year', { year }),
  ].filter(Boolean);
  if (facts.length === 0) return null;
  return (
    <p className="muted" data-testid="units-copy-knows">
      {t('copyKnows.lead')} {facts.join(' · ')}
    </p>
  );
}
