import { useEffect, useRef } from 'react';
import { parcelKeyOf, type Parcel } from '../../core/model/index.js';
import { Trans, useTranslation } from '../i18n/i18n.js';
import { useAppStore } from '../state/store.js';
import { ExportButtons } from '../export/ExportButtons.js';
import { ReportButton } from '../export/ReportButton.js';
import { UnitsSection } from '../units/UnitsSection.js';
import { AnalysisSection } from '../analysis/AnalysisSection.js';
import { ParcelDetails } from './ParcelDetails.js';
import { loadCountries, useCountryCapability } from '../state/countries.js';
import { useClient } from '../ui/client-context.js';
import { SigpacUse, useHasSigpacUse } from './SigpacUse.js';

/** The panel's element id: the header's skip link moves the focus there. */
export const PARCEL_PANEL_ID = 'parcel-panel';

/** The side panel: selected parcel, its export, its units, and the opened unit. */
export function ParcelPanel() {
  const { t } = useTranslation('parcel');
  const parcel = useAppStore((s) => s.parcel);
  const status = useAppStore((s) => s.parcelStatus);
  const selection = useAppStore((s) => s.selection);
  const unit = useAppStore((s) => s.unit);
  const setUnit = useAppStore((s) => s.setUnit);
  const client = useClient();
  useEffect(() => {
    loadCountries(client).catch(() => undefined); // without the list a parcel shows its facts, not its country's extras
  }, [client]);
  const hasUnits = useCountryCapability(parcel?.pais, 'units');
  const hasSigpacUse = useHasSigpacUse(parcel);

  if (selection.kind === 'none') {
    return (
      <aside className="side-panel empty" data-testid="parcel-panel" id={PARCEL_PANEL_ID} tabIndex={-1}>
        <h2>{t('identifyTitle')}</h2>
        <p>
          <Trans t={t} i18nKey="identifyHelp" components={{ key: <kbd /> }} />
        </p>
      </aside>
    );
  }
  return (
    <aside className="side-panel" data-testid="parcel-panel" id={PARCEL_PANEL_ID} tabIndex={-1} aria-busy={status === 'loading'}>
      {status === 'loading' && <div className="progress indeterminate" role="progressbar" aria-label={t('loading', { ref: selection.ref })} />}
      {status === 'loading' && <p className="muted">{t('loading', { ref: selection.ref })}</p>}
      {status === 'error' && <p className="muted">{t('loadFailed', { ref: selection.ref })}</p>}
      {parcel && (
        <>
          <ParcelDetails parcel={parcel} />
          {hasSigpacUse && <SigpacUse parcel={parcel} />}
          <ExportButtons parcel={parcelKeyOf(parcel)} />
          <ReportButton parcel={parcelKeyOf(parcel)} />
          {unit && <UnitCard unit={unit} onClose={() => setUnit(null)} />}
          {hasUnits && <UnitsSection parcel={parcel} />}
          <AnalysisSection parcel={parcel} />
        </>
      )}
    </aside>
  );
}

/**
 * The opened unit. It sits between the finca's facts and the units table, below the fold of the
 * panel when it opens from a searched 20-character reference or from a lower row of the table, so
 * it scrolls itself into view: otherwise the click seems to do nothing.
 */
function UnitCard({ unit, onClose }: { unit: Parcel; onClose: () => void }) {
  const { t } = useTranslation('parcel');
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    card.current?.scrollIntoView({ block: 'nearest' });
  }, [unit.refCatastral]);
  return (
    <div className="unit-card" data-testid="unit-card" ref={card}>
      <button type="button" className="close" onClick={onClose} aria-label={t('closeUnit')}>
        ×
      </button>
      <ParcelDetails parcel={unit} heading={t('unitHeading')} />
    </div>
  );
}
