import { useAppStore } from '../state/store.js';
import { ExportButtons } from '../export/ExportButtons.js';
import { UnitsSection } from '../units/UnitsSection.js';
import { AnalysisSection } from '../analysis/AnalysisSection.js';
import { ParcelDetails } from './ParcelDetails.js';

/** The side panel: selected parcel, its export, its units, and the opened unit. */
export function ParcelPanel() {
  const parcel = useAppStore((s) => s.parcel);
  const status = useAppStore((s) => s.parcelStatus);
  const selection = useAppStore((s) => s.selection);
  const unit = useAppStore((s) => s.unit);
  const setUnit = useAppStore((s) => s.setUnit);

  if (selection.kind === 'none') {
    return (
      <aside className="side-panel empty" data-testid="parcel-panel">
        <h2>Identify a parcel</h2>
        <p>Click a parcel on the map, or search by cadastral reference, coordinates or address. Press <kbd>/</kbd> to search.</p>
      </aside>
    );
  }
  return (
    <aside className="side-panel" data-testid="parcel-panel" aria-busy={status === 'loading'}>
      {status === 'loading' && <div className="progress indeterminate" role="progressbar" aria-label={`Loading ${selection.ref}`} />}
      {status === 'loading' && <p className="muted">Loading {selection.ref}…</p>}
      {status === 'error' && <p className="muted">Parcel {selection.ref} could not be loaded (see the message below).</p>}
      {parcel && (
        <>
          <ParcelDetails parcel={parcel} />
          <ExportButtons parcelRef={parcel.refCatastral} />
          {unit && (
            <div className="unit-card" data-testid="unit-card">
              <button type="button" className="close" onClick={() => setUnit(null)} aria-label="Close unit">×</button>
              <ParcelDetails parcel={unit} heading="Unit" />
            </div>
          )}
          {parcel.pais === 'ES' && <UnitsSection parcel={parcel} />}
          <AnalysisSection parcel={parcel} />
        </>
      )}
    </aside>
  );
}
