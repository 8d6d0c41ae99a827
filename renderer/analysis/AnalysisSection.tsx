import { useEffect, useState } from 'react';
import {
  parcelInput,
  parcelKeyOf,
  type AnalysisResults,
  type GroundMotionResult,
  type Parcel,
  type ParcelKey,
  type SolarResult,
  type TerrainResult,
} from '../../core/model/index.js';
import { useClient } from '../ui/client-context.js';
import type { AnalysisKind, CatastroClient } from '../client/catastro-client.js';
import { toUiError } from '../errors/advice.js';
import { ErrorDetails } from '../errors/ErrorDetails.js';
import { formatNumber, formatPercent } from '../i18n/format.js';
import { i18next, useTranslation } from '../i18n/i18n.js';
import type { UiError } from '../state/store.js';
import { loadWhenShown } from '../ui/load-when-first-needed.js';

// The charting library loads with the first ground-motion answer, not with the map.
const DisplacementChart = loadWhenShown(async () => (await import('./DisplacementChart.js')).DisplacementChart);

type Outcome<T> = { status: 'done'; value: T } | { status: 'error'; error: UiError };
interface Results {
  solar?: Outcome<SolarResult>;
  terrain?: Outcome<TerrainResult>;
  'ground-motion'?: Outcome<GroundMotionResult>;
  /** With no estimate: whether any ground-motion cell is loaded around the parcel (else no tile covers it here). */
  groundMotionLoadedNearby?: boolean;
}

/** How far around the parcel (degrees, about 1 km) loaded EGMS cells count as "data for this area". */
const NEARBY_DEG = 0.01;

/** Are EGMS cells loaded near the parcel? Open fields have no reflector, but a village or road within 1 km does. */
async function groundMotionLoadedNear(client: CatastroClient, parcel: Parcel): Promise<boolean | undefined> {
  const lons = parcel.poligono.map((p) => p[0]);
  const lats = parcel.poligono.map((p) => p[1]);
  const box: [number, number, number, number] =
    lons.length > 0
      ? [Math.min(...lons) - NEARBY_DEG, Math.min(...lats) - NEARBY_DEG, Math.max(...lons) + NEARBY_DEG, Math.max(...lats) + NEARBY_DEG]
      : [parcel.longitud - NEARBY_DEG, parcel.latitud - NEARBY_DEG, parcel.longitud + NEARBY_DEG, parcel.latitud + NEARBY_DEG];
  try {
    return (await client.call('overlay', { kind: 'ground-motion', bbox: box })).features.length > 0;
  } catch {
    return undefined;
  }
}

const number = (value: number, digits = 0) => formatNumber(value, digits);

async function outcome<T>(title: string, work: Promise<T>): Promise<Outcome<T>> {
  try {
    return { status: 'done', value: await work };
  } catch (error) {
    return { status: 'error', error: toUiError(title, error) };
  }
}

/** Runs the three analyses of one parcel side by side; each part fails on its own. */
export async function analyseParcel(client: CatastroClient, key: ParcelKey, parcel?: Parcel): Promise<Results> {
  const run = <K extends AnalysisKind>(kind: K) =>
    outcome(i18next.t(`analysis:title.${kind}`), client.call('analysis', { kind, ...parcelInput(key) }) as Promise<AnalysisResults[K]>);
  const [solar, terrain, groundMotion] = await Promise.all([run('solar'), run('terrain'), run('ground-motion')]);
  const noEstimate = groundMotion.status === 'done' && groundMotion.value.status !== 'ok';
  const groundMotionLoadedNearby = noEstimate && parcel ? await groundMotionLoadedNear(client, parcel) : undefined;
  return { solar, terrain, 'ground-motion': groundMotion, groundMotionLoadedNearby };
}

function Failure({ error }: { error: UiError }) {
  return (
    <div className="analysis-error" role="alert">
      <strong>{error.message}</strong> {error.advice}
      <ErrorDetails error={error} />
    </div>
  );
}

/** The service names the optimal orientation by its eight Spanish compass sectors (core/analysis/solar/orientation.ts): shown in the reader's language. */
function SolarPart({ result }: { result: Outcome<SolarResult> }) {
  const { t } = useTranslation('analysis');
  if (result.status === 'error') return <Failure error={result.error} />;
  const solar = result.value;
  if (!solar.disponible) return <p className="muted">{t('solar.none')}</p>;
  return (
    <dl className="facts" data-testid="solar-facts">
      <div>
        <dt>{t('solar.installable')}</dt>
        <dd>{number(solar.kw_instalables, 1)} kWp</dd>
      </div>
      <div>
        <dt>{t('solar.yearlyYield')}</dt>
        <dd>{number(solar.kwh_year)} kWh</dd>
      </div>
      <div>
        <dt>{t('solar.orientationTilt')}</dt>
        <dd>
          {t(`solar.orientation.${solar.orientacion_optima}`, { defaultValue: solar.orientacion_optima })}, {number(solar.angulo_inclinacion)}°
        </dd>
      </div>
      <div>
        <dt>{t('solar.payback')}</dt>
        <dd>{t('solar.paybackValue', { years: number(solar.amortizacion_anos, 1), irr: number(solar.economics.tir_pct, 1) })}</dd>
      </div>
      <div>
        <dt>{t('solar.source')}</dt>
        <dd>{solar.fuente}</dd>
      </div>
    </dl>
  );
}

function TerrainPart({ result }: { result: Outcome<TerrainResult> }) {
  const { t } = useTranslation('analysis');
  const client = useClient();
  if (result.status === 'error') return <Failure error={result.error} />;
  const areas = result.value.protected_areas;
  if (areas.status !== 'ok')
    return (
      <p className="muted" data-testid="terrain-summary">
        {t('terrain.noLayer')} {t(client.layers ? 'howToLoad.desktop' : 'howToLoad.server')}
      </p>
    );
  if (!areas.intersects) return <p data-testid="terrain-summary">{t('terrain.outside')}</p>;
  return (
    <div data-testid="terrain-summary">
      <p>{t(areas.inside ? 'terrain.inside' : 'terrain.overlaps', { percent: number(areas.max_overlap_pct, 1) })}</p>
      {areas.natura2000.length > 0 && (
        <ul data-testid="terrain-natura2000">
          {areas.natura2000.map((site) => (
            <li key={`${site.code} ${site.type}`}>
              {site.code} {site.name} ({site.type}, {formatPercent(site.overlap_pct, 1)})
            </li>
          ))}
        </ul>
      )}
      {areas.national.length > 0 && (
        <>
          <p>{t('terrain.national')}</p>
          <ul data-testid="terrain-national">
            {areas.national.map((site) => (
              <li key={site.code}>
                {site.code} {site.name} ({site.designation}, {formatPercent(site.overlap_pct, 1)})
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function GroundMotionPart({ result, loadedNearby }: { result: Outcome<GroundMotionResult>; loadedNearby?: boolean }) {
  const { t } = useTranslation('analysis');
  const client = useClient();
  if (result.status === 'error') return <Failure error={result.error} />;
  const motion = result.value;
  if (motion.status !== 'ok' || !motion.ground_motion) {
    // No estimate means two different things: no reflector here, or no EGMS data loaded for this area at all.
    if (loadedNearby === false) {
      return (
        <p className="muted" data-testid="ground-motion-summary" data-reason="no-data-loaded">
          {t('groundMotion.noDataLoaded')} {t(client.layers ? 'howToLoad.desktop' : 'howToLoad.server')}
        </p>
      );
    }
    return (
      <p className="muted" data-testid="ground-motion-summary" data-reason="no-reflectors">
        {loadedNearby ? t('groundMotion.noReflectors') : t('groundMotion.noEstimate')}
      </p>
    );
  }
  const g = motion.ground_motion;
  return (
    <div data-testid="ground-motion-summary">
      <p>
        {t('groundMotion.summary', {
          motionClass: t(`groundMotion.class.${g.class}`, { defaultValue: g.class.replace(/_/g, ' ') }),
          mean: number(g.vertical.mean_mm_year, 1),
          worst: number(g.vertical.max_subsidence_mm_year, 1),
          cells: number(g.cells_with_data),
          period: motion.period?.label ?? '',
        })}
      </p>
      <DisplacementChart points={g.yearly_displacement} />
      <p className="attribution">{motion.source.attribution}</p>
    </div>
  );
}

/**
 * Solar, protected areas and ground motion of the selected parcel, on request. Which countries
 * are analysed is the core's knowledge (each adapter's coverage): elsewhere each part shows the
 * 422 CNV_COVERAGE answer.
 */
export function AnalysisSection({ parcel }: { parcel: Parcel }) {
  const { t } = useTranslation('analysis');
  const client = useClient();
  const [results, setResults] = useState<Results | null>(null);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    setResults(null);
    setLoading(false);
  }, [parcel.refCatastral]);

  const run = async () => {
    setLoading(true);
    const answer = await analyseParcel(client, parcelKeyOf(parcel), parcel);
    setResults(answer);
    setLoading(false);
  };
  return (
    <section className="analysis" aria-label={t('heading')} data-testid="analysis-section">
      <h3>{t('heading')}</h3>
      {!results && (
        <button type="button" onClick={() => void run()} disabled={loading} data-testid="run-analysis">
          {loading ? t('running') : t('run')}
        </button>
      )}
      {loading && <div className="progress indeterminate" role="progressbar" aria-label={t('runningLabel')} />}
      {results?.solar && (
        <>
          <h4>{t('title.solar')}</h4>
          <SolarPart result={results.solar} />
        </>
      )}
      {results?.terrain && (
        <>
          <h4>{t('title.terrain')}</h4>
          <TerrainPart result={results.terrain} />
        </>
      )}
      {results?.['ground-motion'] && (
        <>
          <h4>{t('title.ground-motion')}</h4>
          <GroundMotionPart result={results['ground-motion']} loadedNearby={results.groundMotionLoadedNearby} />
        </>
      )}
    </section>
  );
}
