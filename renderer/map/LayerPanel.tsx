import { useClient } from '../app/client-context.js';
import { OfflineBasemap } from '../basemap/OfflineBasemap.js';
import { HazardImport } from '../import/HazardImport.js';
import { useTranslation } from '../i18n/i18n.js';
import { useAppStore, type LayerId } from '../state/store.js';
import { LAYER_GROUPS, LAYER_LEGENDS } from './map-style.js';

/** Layer toggles; network layers say why they are unavailable offline. In the desktop app, hazard layers are imported here. */
export function LayerPanel() {
  const { t } = useTranslation('map');
  const layers = useAppStore((s) => s.layers);
  const connectivity = useAppStore((s) => s.connectivity);
  const toggle = useAppStore((s) => s.toggleLayer);
  const overlayDrawn = useAppStore((s) => s.overlayDrawn);
  const desktop = !!useClient().desktop;
  return (
    <fieldset className="layer-panel" aria-label={t('layers')}>
      <legend>{t('layers')}</legend>
      {(Object.keys(LAYER_GROUPS) as LayerId[]).map((id) => {
        const group = LAYER_GROUPS[id];
        const label = t(`layer.${id}`);
        const unavailable = group.online && connectivity !== 'online';
        const legend = layers[id] ? LAYER_LEGENDS[id] : undefined;
        return (
          <div key={id}>
            <label className={unavailable ? 'unavailable' : undefined} title={unavailable ? t('needsConnection') : undefined}>
              <input type="checkbox" checked={layers[id]} onChange={() => toggle(id)} data-testid={`layer-${id}`} />
              {label}
              {unavailable && <small> {t('offlineSuffix')}</small>}
            </label>
            {layers[id] && overlayDrawn[id] === 0 && (
              <p className="layer-empty" data-testid={`empty-${id}`}>{t('nothingLoaded')} {t(desktop ? 'howToLoad.desktop' : 'howToLoad.server')}</p>
            )}
            {layers[id] && overlayDrawn[id] === 'zoom' && <p className="layer-empty" data-testid={`empty-${id}`}>{t('zoomInOverlay')}</p>}
            {legend && overlayDrawn[id] !== 0 && (
              <ul className="layer-legend" data-testid={`legend-${id}`} aria-label={t('legendOf', { layer: label })}>
                {legend.map(({ color, key, values }) => (
                  <li key={key + JSON.stringify(values)}><span className="swatch" style={{ background: color }} />{t(key, values)}</li>
                ))}
              </ul>
            )}
          </div>
        );
      })}
      <OfflineBasemap />
      <HazardImport />
    </fieldset>
  );
}
