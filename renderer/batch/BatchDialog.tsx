import { useEffect, useRef, useState, type DragEvent } from 'react';
import { RUSTIC_COLUMNS, isUnfinishedBatch, type BatchColumns, type BatchPreview, type BatchState, type FeatureFormat } from '../../core/model/index.js';
import { useClient } from '../ui/client-context.js';
import { ModalDialog } from '../ui/ModalDialog.js';
import { toUiError } from '../errors/advice.js';
import { saveAsFile } from '../export/save-as-file.js';
import { formatNumber } from '../i18n/format.js';
import { useTranslation } from '../i18n/i18n.js';
import { useAppStore } from '../state/store.js';
import { BatchProblems } from './BatchProblems.js';

const COLUMN_KINDS: (keyof BatchColumns)[] = ['reference', 'latitude', 'longitude', 'country', ...RUSTIC_COLUMNS];
const FORMATS: { format: FeatureFormat; label: string; mime: string }[] = [
  { format: 'csv', label: 'CSV', mime: 'text/csv' },
  { format: 'geojson', label: 'GeoJSON', mime: 'application/geo+json' },
  { format: 'gpkg', label: 'GeoPackage', mime: 'application/geopackage+sqlite3' },
  { format: 'kml', label: 'KML', mime: 'application/vnd.google-earth.kml+xml' },
];
const POLL_MS = 400;

/**
 * Batch lookup: a CSV of references or of latitude/longitude is dropped (or picked), its columns
 * are recognised (or named here), every row is answered in the background with progress, and
 * the answers download in four formats. Interrupted batches are listed to resume.
 */
export function BatchDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation('batch');
  const client = useClient();
  const showError = useAppStore((s) => s.showError);
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [preview, setPreview] = useState<BatchPreview | null>(null);
  const [columns, setColumns] = useState<BatchColumns>({});
  const [job, setJob] = useState<BatchState | null>(null);
  const [earlier, setEarlier] = useState<BatchState[]>([]);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const fail = (title: string) => (error: unknown) => showError(toUiError(title, error));

  useEffect(() => {
    client.call('batchList').then(setEarlier, () => undefined);
  }, [client]);

  // Poll the batch until it ends (a queued one waits for the one before it).
  useEffect(() => {
    if (!job || !isUnfinishedBatch(job.state)) return;
    const timer = setTimeout(() => {
      client.call('batchState', { id: job.id }).then(setJob, fail(t('failed')));
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [job, client]);

  const load = async (picked: File) => {
    const text = await picked.text();
    setFile({ name: picked.name, text });
    setJob(null);
    try {
      const answer = await client.call('batchPreview', { csv: text });
      setPreview(answer);
      setColumns(answer.columns ?? {});
    } catch (error) {
      setPreview(null);
      fail(t('unreadable', { file: picked.name }))(error);
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) void load(dropped);
  };

  const start = async () => {
    if (!file) return;
    try {
      setJob(await client.call('batchStart', { csv: file.text, name: file.name, columns }));
    } catch (error) {
      fail(t('failed'))(error);
    }
  };

  const download = async (id: string, format: (typeof FORMATS)[number]) => {
    try {
      // Its reasons in the language the user reads the app in, as the report is written.
      const result = await client.call('batchResult', { id, format: format.format, lang: i18n.resolvedLanguage ?? i18n.language });
      saveAsFile(result.bytes, result.fileName, format.mime);
    } catch (error) {
      fail(t('downloadFailed'))(error);
    }
  };

  const ready = !!preview && (!!columns.reference || (!!columns.latitude && !!columns.longitude) || RUSTIC_COLUMNS.every((kind) => !!columns[kind]));
  const counts = job?.counts;

  return (
    <ModalDialog title={t('title')} onClose={onClose} className="batch-dialog" testId="batch-dialog">
      <button type="button" className="close" onClick={onClose} aria-label={t('close')}>
        ×
      </button>
      <div
        className={dragging ? 'drop-zone dragging' : 'drop-zone'}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="batch-drop"
      >
        <p>{file ? t('loaded', { file: file.name, count: preview?.rows ?? 0 }) : t('drop')}</p>
        <button type="button" onClick={() => input.current?.click()}>
          {t('pick')}
        </button>
        <input
          ref={input}
          type="file"
          accept=".csv,.txt,text/csv"
          hidden
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) void load(f);
            e.target.value = '';
          }}
          data-testid="batch-file"
        />
      </div>

      {preview && !job && (
        <>
          <p className="muted">{preview.columns ? t('detected') : preview.problem}</p>
          <div className="batch-columns">
            {COLUMN_KINDS.map((kind) => (
              <label key={kind}>
                {t(`column.${kind}`)}
                <select
                  value={columns[kind] ?? ''}
                  onChange={(e) => setColumns({ ...columns, [kind]: e.target.value || undefined })}
                  data-testid={`batch-column-${kind}`}
                >
                  <option value="">—</option>
                  {preview.header.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </select>
              </label>
            ))}
          </div>
          <div className="batch-sample-scroll">
            <table className="batch-sample">
              <thead>
                <tr>
                  {preview.header.map((name) => (
                    <th key={name}>{name}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {preview.sample.map((row, i) => (
                  <tr key={i}>
                    {preview.header.map((name) => (
                      <td key={name}>{row[name]}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <button type="button" className="primary" onClick={() => void start()} disabled={!ready} data-testid="batch-start">
            {t('start', { count: preview.rows })}
          </button>
        </>
      )}

      {job && counts && (
        <div className="batch-run" data-testid="batch-run" data-state={job.state}>
          <progress max={counts.total} value={counts.done} aria-label={t('progress')} />
          <p data-testid="batch-summary">
            {t('summary', {
              done: formatNumber(counts.done),
              total: formatNumber(counts.total),
              found: formatNumber(counts.found),
              notFound: formatNumber(counts.notFound),
              failed: formatNumber(counts.failed),
            })}
            {' · '}
            {t(`state.${job.state}`)}
          </p>
          {isUnfinishedBatch(job.state) && (
            <button type="button" onClick={() => void client.call('batchCancel', { id: job.id }).then(setJob, fail(t('failed')))} data-testid="batch-cancel">
              {t('stop')}
            </button>
          )}
          {(job.state === 'interrupted' || job.state === 'cancelled') && (
            <button type="button" onClick={() => void client.call('batchResume', { id: job.id }).then(setJob, fail(t('failed')))} data-testid="batch-resume">
              {t('resume')}
            </button>
          )}
          {job.problems.length > 0 && (
            <div data-testid="batch-problems">
              <BatchProblems problems={job.problems} />
            </div>
          )}
          {!isUnfinishedBatch(job.state) && (
            <div className="export">
              {FORMATS.map((f) => (
                <button key={f.format} type="button" onClick={() => void download(job.id, f)} data-testid={`batch-download-${f.format}`}>
                  {t('download', { format: f.label })}
                </button>
              ))}
            </div>
          )}
        </div>
      )}

      {earlier.length > 0 && !job && (
        <details className="batch-earlier">
          <summary>{t('earlier')}</summary>
          <ul>
            {earlier.slice(0, 10).map((b) => (
              <li key={b.id}>
                {b.name} · {t(`state.${b.state}`)} ·{' '}
                {t('summary', {
                  done: formatNumber(b.counts.done),
                  total: formatNumber(b.counts.total),
                  found: formatNumber(b.counts.found),
                  notFound: formatNumber(b.counts.notFound),
                  failed: formatNumber(b.counts.failed),
                })}{' '}
                {b.state === 'interrupted' || b.state === 'cancelled' ? (
                  <button type="button" onClick={() => void client.call('batchResume', { id: b.id }).then(setJob, fail(t('failed')))}>
                    {t('resume')}
                  </button>
                ) : (
                  <button type="button" onClick={() => setJob(b)}>
                    {t('open')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </details>
      )}
    </ModalDialog>
  );
}
