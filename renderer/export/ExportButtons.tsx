import { useState, type DragEvent } from 'react';
import { parcelInput, referenceFileName, type ParcelKey } from '../../core/model/index.js';
import { useClient } from '../ui/client-context.js';
import type { ExportFormat } from '../client/catastro-client.js';
import { toUiError } from '../errors/advice.js';
import { useTranslation } from '../i18n/i18n.js';
import { useAppStore } from '../state/store.js';
import { saveAsFile } from './save-as-file.js';

const MIME: Record<ExportFormat, string> = {
  kml: 'application/vnd.google-earth.kml+xml',
  gpx: 'application/gpx+xml',
};

export const exportFileName = (ref: string, format: ExportFormat) => referenceFileName(ref, format);

/** Runs one export: a save dialog in Electron, a download in the browser. */
export async function exportParcel(client: ReturnType<typeof useClient>, parcel: ParcelKey, format: ExportFormat): Promise<string | null> {
  if (client.desktop) return client.desktop.saveExport(parcel, format);
  const text = await client.call('exportFile', { ...parcelInput(parcel), format });
  const name = exportFileName(parcel.ref, format);
  saveAsFile(text, name, MIME[format]);
  return name;
}

/** KML/GPX of the outline; in Electron also a handle to drag the file straight into Google Earth or a folder. */
export function ExportButtons({ parcel }: { parcel: ParcelKey }) {
  const { t } = useTranslation('export');
  const client = useClient();
  const showError = useAppStore((s) => s.showError);
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const run = async (format: ExportFormat) => {
    setBusy(format);
    setSaved(null);
    try {
      setSaved(await exportParcel(client, parcel, format));
    } catch (error) {
      showError(toUiError(t('failed', { format: format.toUpperCase(), ref: parcel.ref }), error));
    } finally {
      setBusy(null);
    }
  };

  const drag = (format: ExportFormat) => (event: DragEvent) => {
    // Electron starts a native drag of a real file; the DOM drag would only carry text.
    event.preventDefault();
    client.desktop?.startDrag(parcel, format);
  };

  // Hovering the handle writes the file, so the drag can start at once (Electron needs the file then).
  const prepare = (format: ExportFormat) => () => {
    client.desktop?.prepareDrag(parcel, format).catch(() => undefined);
  };

  return (
    <div className="export" role="group" aria-label={t('label')}>
      <button type="button" onClick={() => void run('kml')} disabled={busy !== null} data-testid="export-kml">
        {busy === 'kml' ? t('exporting') : t('exportAs', { format: 'KML' })}
      </button>
      <button type="button" onClick={() => void run('gpx')} disabled={busy !== null} data-testid="export-gpx">
        {busy === 'gpx' ? t('exporting') : t('exportAs', { format: 'GPX' })}
      </button>
      {client.desktop && (
        <>
          <span className="drag-handle" draggable onPointerEnter={prepare('kml')} onDragStart={drag('kml')} title={t('dragKmlHint')} data-testid="drag-kml">
            {t('drag', { format: 'KML' })}
          </span>
          <span className="drag-handle" draggable onPointerEnter={prepare('gpx')} onDragStart={drag('gpx')} title={t('dragGpxHint')}>
            {t('drag', { format: 'GPX' })}
          </span>
        </>
      )}
      {saved && (
        <span className="muted" role="status">
          {t('saved', { file: saved })}
        </span>
      )}
    </div>
  );
}
