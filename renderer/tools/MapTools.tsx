import { useState } from 'react';
import { formatNumber } from '../i18n/format.js';
import { useTranslation } from '../i18n/i18n.js';
import { pathLengthM, ringAreaM2 } from './geodesy.js';
import { useToolStore, type ToolMode } from './tool-store.js';
import { locateMe, type LocateOutcome } from './locate.js';

const formatLength = (m: number) => (m >= 1000 ? `${formatNumber(m / 1000, 3)} km` : `${formatNumber(m, 1)} m`);
const formatArea = (m2: number) => (m2 >= 10_000 ? `${formatNumber(m2 / 10_000, 4)} ha (${formatNumber(m2, 0)} m²)` : `${formatNumber(m2, 1)} m²`);

/** Map tool buttons: select by rectangle or polygon, measure distance or area, my location; and the measure's result. */
export function MapTools() {
  const { t } = useTranslation('tools');
  const mode = useToolStore((s) => s.mode);
  const points = useToolStore((s) => s.points);
  const setMode = useToolStore((s) => s.setMode);
  const [locating, setLocating] = useState<LocateOutcome | 'idle' | 'busy'>('idle');
  const canLocate = typeof navigator !== 'undefined' && 'geolocation' in navigator;

  const button = (id: ToolMode, icon: string, label: string) => (
    <button
      type="button"
      aria-pressed={mode === id}
      className={mode === id ? 'active' : undefined}
      onClick={() => setMode(id)}
      title={label}
      aria-label={label}
      data-testid={`tool-${id}`}
    >
      {icon}
    </button>
  );

  const locate = async () => {
    setLocating('busy');
    const outcome = await locateMe();
    setLocating(outcome === 'located' ? 'idle' : outcome);
  };

  return (
    <div className="map-tools" role="toolbar" aria-label={t('toolbar')}>
      <div className="map-tools-buttons">
        {button('select-rectangle', '▭', t('selectRectangle'))}
        {button('select-polygon', '⬠', t('selectPolygon'))}
        {button('measure-distance', '↔', t('measureDistance'))}
        {button('measure-area', '▱', t('measureArea'))}
        {canLocate && (
          <button
            type="button"
            onClick={() => void locate()}
            disabled={locating === 'busy'}
            title={t('myLocation')}
            aria-label={t('myLocation')}
            data-testid="tool-locate"
          >
            ◎
          </button>
        )}
      </div>
      {mode !== 'none' && (
        <p className="map-tools-hint" data-testid="tool-hint">
          {t(`hint.${mode}`)}
        </p>
      )}
      {mode === 'measure-distance' && points.length >= 2 && (
        <p className="measure" data-testid="measure-result">
          {t('distance', { value: formatLength(pathLengthM(points)) })}
        </p>
      )}
      {mode === 'measure-area' && points.length >= 3 && (
        <p className="measure" data-testid="measure-result">
          {t('area', { value: formatArea(ringAreaM2(points)), perimeter: formatLength(pathLengthM([...points, points[0]])) })}
        </p>
      )}
      {(locating === 'denied' || locating === 'unavailable' || locating === 'timeout') && (
        <p className="map-tools-hint" role="status" data-testid="location-failed">
          {t(`locationFailed.${locating}`)}
        </p>
      )}
    </div>
  );
}
