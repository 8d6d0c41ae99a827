import { useCallback, useEffect, useState } from 'react';
import { useClient } from '../ui/client-context.js';
import { ModalDialog } from '../ui/ModalDialog.js';
import { DEFAULT_OFFLINE_COUNTRY, OFFLINE_COUNTRIES, type OfflineCountry } from '../../core/model/index.js';
import type { InterruptedOfflineRun, OfflineArea, OfflineChoice, OfflineDownloadResult, OfflineProgress } from '../client/catastro-client.js';
import { toUiError } from '../errors/advice.js';
import { LinkedText } from '../errors/LinkedText.js';
import { refusalText } from '../errors/refusal-text.js';
import { formatNumber } from '../i18n/format.js';
import { useTranslation } from '../i18n/i18n.js';
import { loadCountries, useCountryCapability } from '../state/countries.js';
import { useAppStore } from '../state/store.js';
import { offlineCountryAt } from './offline-country-at.js';
import { OfflineAreasTable } from './OfflineAreasTable.js';
import { showImportedArea } from '../import/run-import.js';
import { loadWorldOutlines } from '../map/world-outlines.js';

// One decimal: a municipality's zip is often under 1 MB, which whole megabytes showed as 0.
const megabytes = (bytes: number) => formatNumber(bytes / 1_048_576, 1);
const names = (text: string) =>
  text
    .split(/[,;]/)
    .map((s) => s.trim())
    .filter(Boolean);

/** What an interrupted run asked for, in the user's words: the names typed, or the view, or the update. */
function describeRun(run: InterruptedOfflineRun, t: (key: string, values?: Record<string, unknown>) => string): string {
  if (run.areaIds) return t('interruptedUpdate', { areas: run.areaIds });
  const named = [...(run.choice?.municipalities ?? []), ...(run.choice?.provinces ?? [])];
  return named.length ? t('interruptedNames', { names: named }) : t('interruptedView');
}

/** A run's outcome: what it imported, or that it fetched nothing (its failures, listed below, say why) or found nothing new. */
function resultSummary(result: OfflineDownloadResult, t: (key: string, values?: Record<string, unknown>) => string): string {
  if (result.cancelled) return t('cancelled');
  if (result.areas.length === 0 && result.parcels === 0) return t(result.failures.length ? 'nothingFetched' : 'nothingNew');
  return t('done', { parcels: formatNumber(result.parcels), buildings: formatNumber(result.buildings) });
}

/**
 * "Make this area available offline": pick Spain's municipalities (name or code), provinces or the
 * map view, or France's communes and départements (name or code) or the communes the map view
 * meets; the Catastro's ATOM zips or Etalab's
 * files are downloaded and imported with progress (bytes, files, parcels) and a cancel; a run that
 * did not finish (cancelled, the app closed, or a `catastro download` stopped) is offered to resume
 * or discard; below, the areas the copy holds (OfflineAreasTable) with update and remove.
 */
export function OfflineDialog() {
  const { t } = useTranslation('offline');
  const client = useClient();
  const offline = client.offline;
  const dialog = useAppStore((s) => s.offlineDialog);
  const setDialog = useAppStore((s) => s.setOfflineDialog);
  const showError = useAppStore((s) => s.showError);
  const copyChanged = useAppStore((s) => s.copyChanged);
  // Downloading, updating and resuming ask the publisher: offline they wait, saying why, instead of failing.
  const offlineNow = useAppStore((s) => s.connectivity === 'offline');
  const needsConnection = offlineNow ? t('offlineNow') : undefined;
  const [country, setCountry] = useState<OfflineCountry>(DEFAULT_OFFLINE_COUNTRY);
  // Its published files hold buildings where the copy records them (Etalab's parcels files hold none).
  const offersBuildings = useCountryCapability(country, 'buildingFacts');
  // The territories with their own cadastre its address search also places (Spain's foral ones).
  const hasForalTerritories = useCountryCapability(country, 'foralReferences');
  const [municipalities, setMunicipalities] = useState('');
  const [provinces, setProvinces] = useState('');
  const [useView, setUseView] = useState(true);
  const [buildings, setBuildings] = useState(true);
  const [progress, setProgress] = useState<OfflineProgress | null>(null);
  const [result, setResult] = useState<OfflineDownloadResult | null>(null);
  const [areas, setAreas] = useState<OfflineArea[]>([]);
  const [interrupted, setInterrupted] = useState<InterruptedOfflineRun | null>(null);

  const refreshAreas = useCallback(async () => {
    if (!offline) return;
    try {
      const [held, unfinished] = await Promise.all([offline.areas(), offline.interrupted()]);
      setAreas(held);
      setInterrupted(unfinished);
    } catch (error) {
      showError(toUiError(t('listFailed'), error));
    }
  }, [offline, showError, t]);

  useEffect(() => {
    if (dialog.open) {
      setUseView(!!dialog.bbox);
      void refreshAreas();
    }
  }, [dialog.open, dialog.bbox, refreshAreas]);

  // The countries' capabilities say what the choice offers (buildings, the foral note).
  useEffect(() => {
    if (dialog.open)
      Promise.resolve()
        .then(() => loadCountries(client))
        .catch(() => undefined);
  }, [client, dialog.open]);

  // Opened from the map over France: France's files, not Spain's feeds (which would find nothing there).
  useEffect(() => {
    const view = dialog.open ? dialog.bbox : undefined;
    if (!view) return;
    let live = true;
    // The outlines tell Spain from France where their boxes overlap (world-outlines.ts).
    Promise.all([Promise.resolve().then(() => loadCountries(client)), loadWorldOutlines()])
      .then(([countries]) => {
        const country = offlineCountryAt(countries, view);
        if (live && country) setCountry(country);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [client, dialog.open, dialog.bbox]);

  if (!dialog.open || !offline) return null;
  const running = progress !== null;

  /** `moveToArea`: a download of areas named (not the map view's) brings the map to the first area that came in, as a file import does. */
  const run = async (work: (onProgress: (p: OfflineProgress) => void) => Promise<OfflineDownloadResult>, moveToArea = false) => {
    setResult(null);
    setProgress({ phase: 'feeds', filesDone: 0, filesTotal: 0, bytesDone: 0, parcels: 0 });
    try {
      const done = await work(setProgress);
      setResult(done);
      if (moveToArea && done.areas.length > 0) void showImportedArea(client, done.areas[0].id).catch(() => undefined);
    } catch (error) {
      showError(toUiError(t('failed'), error));
    } finally {
      setProgress(null);
      void refreshAreas();
      copyChanged();
    }
  };

  const choice: OfflineChoice = {
    ...(country !== DEFAULT_OFFLINE_COUNTRY && { country }),
    ...(names(municipalities).length && { municipalities: names(municipalities) }),
    ...(names(provinces).length && { provinces: names(provinces) }),
    ...(useView && dialog.bbox && { bbox: dialog.bbox }),
    ...(offersBuildings && { buildings }),
  };
  const chosen = !!(choice.municipalities || choice.provinces || choice.bbox);

  return (
    <ModalDialog
      title={t('title')}
      onClose={() => setDialog({ open: false })}
      closable={!running}
      closeOnBackdropClick
      className="offline-dialog"
      testId="offline-dialog"
    >
      <fieldset className="offline-country" disabled={running}>
        <legend>{t('country')}</legend>
        {OFFLINE_COUNTRIES.map((code) => (
          <label className="check" key={code}>
            <input
              type="radio"
              name="offline-country"
              value={code}
              checked={country === code}
              onChange={() => setCountry(code)}
              data-testid={`offline-country-${code}`}
            />
            <span>{t(`country${code}`)}</span>
          </label>
        ))}
      </fieldset>
      <p className="muted">{t(`intro${country}`)}</p>
      <label>
        <span>{t(`municipalities${country}`)}</span>
        <input
          value={municipalities}
          onChange={(e) => setMunicipalities(e.target.value)}
          placeholder={t(`municipalitiesExample${country}`)}
          disabled={running}
          data-testid="offline-municipalities"
        />
      </label>
      <label>
        <span>{t(`provinces${country}`)}</span>
        <input
          value={provinces}
          onChange={(e) => setProvinces(e.target.value)}
          placeholder={t(`provincesExample${country}`)}
          disabled={running}
          data-testid="offline-provinces"
        />
      </label>
      {dialog.bbox && (
        <label className="check">
          <input type="checkbox" checked={useView} onChange={(e) => setUseView(e.target.checked)} disabled={running} data-testid="offline-use-view" />
          <span>{t(`useView${country}`)}</span>
        </label>
      )}
      {offersBuildings && (
        <label className="check">
          <input type="checkbox" checked={buildings} onChange={(e) => setBuildings(e.target.checked)} disabled={running} data-testid="offline-buildings" />
          <span>{t('buildings')}</span>
        </label>
      )}
      {hasForalTerritories && <p className="muted">{t('foral')}</p>}
      <div className="dialog-actions">
        {running ? (
          <button type="button" onClick={() => void offline.cancel()} data-testid="offline-cancel">
            {t('cancel')}
          </button>
        ) : (
          <button
            type="button"
            onClick={() => void run((onProgress) => offline.download(choice, onProgress), !choice.bbox)}
            disabled={!chosen || offlineNow}
            title={needsConnection}
            data-testid="offline-download"
          >
            {t('download')}
          </button>
        )}
        <button type="button" onClick={() => setDialog({ open: false })} disabled={running}>
          {t('close')}
        </button>
        {/* Beside the buttons it explains, not below them: a line of its own pushed the held areas'
            buttons off a 1024×640 screen (test/e2e/start-layout.spec.ts). */}
        <p
          className={offlineNow ? 'offline-needs-connection offline-now' : 'offline-needs-connection muted'}
          role="note"
          data-testid="offline-needs-connection"
        >
          {needsConnection ?? t('needsConnection')}
        </p>
      </div>

      {interrupted && !running && (
        <div className="offline-interrupted" role="status" data-testid="offline-interrupted">
          <p>{t('interrupted', { what: describeRun(interrupted, t), done: megabytes(interrupted.bytesOnDisk) })}</p>
          <div className="dialog-actions">
            <button
              type="button"
              onClick={() => void run((onProgress) => offline.resume(onProgress))}
              disabled={offlineNow}
              title={needsConnection}
              data-testid="offline-resume"
            >
              {t('resume')}
            </button>
            <button
              type="button"
              data-testid="offline-discard"
              onClick={async () => {
                try {
                  await offline.discardInterrupted();
                } catch (error) {
                  showError(toUiError(t('discardFailed'), error));
                }
                void refreshAreas();
              }}
            >
              {t('discard')}
            </button>
          </div>
        </div>
      )}

      {progress && (
        <div role="status" data-testid="offline-progress">
          <span>
            {progress.phase === 'feeds' ? t('readingFeeds') : t(progress.phase === 'import' ? 'importing' : 'downloading', { file: progress.file ?? '…' })}
          </span>
          <progress value={progress.bytesDone} max={progress.bytesTotal || undefined} />
          <span className="muted">
            {t('progress', {
              done: megabytes(progress.bytesDone),
              total: progress.bytesTotal ? megabytes(progress.bytesTotal) : '?',
              filesDone: progress.filesDone,
              filesTotal: progress.filesTotal,
              parcels: formatNumber(progress.parcels),
            })}
          </span>
        </div>
      )}
      {result && (
        <div role="status" data-testid="offline-result">
          <p>{resultSummary(result, t)}</p>
          {result.failures.length > 0 && (
            <ul className="failures">
              {result.failures.map((f) => (
                <li key={f.file}>
                  <strong>{f.file}</strong>: <LinkedText text={refusalText(f.data)?.message ?? f.message} />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}

      <h3>{t('held')}</h3>
      {areas.length > 1 && (
        <div className="dialog-actions">
          <button
            type="button"
            disabled={running || offlineNow}
            title={needsConnection}
            data-testid="offline-update-all"
            onClick={() =>
              void run((onProgress) =>
                offline.update(
                  areas.map((area) => area.id),
                  onProgress,
                ),
              )
            }
          >
            {t('updateAll', { count: areas.length })}
          </button>
        </div>
      )}
      {areas.length === 0 ? (
        <p className="muted">{t('none')}</p>
      ) : (
        <OfflineAreasTable
          areas={areas}
          running={running}
          needsConnection={needsConnection}
          onUpdate={(area) => void run((onProgress) => offline.update([area.id], onProgress))}
          onRemove={async (area) => {
            try {
              await offline.remove(area.id);
            } catch (error) {
              showError(toUiError(t('removeFailed'), error));
            }
            void refreshAreas();
            copyChanged();
          }}
        />
      )}
    </ModalDialog>
  );
}
