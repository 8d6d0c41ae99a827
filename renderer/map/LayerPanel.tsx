import { useState } from 'react';
import { useClient } from '../ui/client-context.js';
import { OfflineBasemap } from '../basemap/OfflineBasemap.js';
import { HazardImport } from '../import/HazardImport.js';
import { useTranslation } from '../i18n/i18n.js';
import { useAppStore, type LayerId } from '../state/store.js';
import { AreaList } from './AreaList.js';
import { LAYER_GROUPS, LAYER_LEGENDS } from './map-style.js';

/** Layer toggles; network layers say why they are unavailable offline. Where the app can take files (the desktop, start's browser app), hazard layers are imported here. */
export function LayerPanel() {
  const { t } = useTranslation('map');
  const layers = useAppStore((s) => s.layers);
  const connectivity = useAppStore((s) => s.connectivity);
  const toggle = useAppStore((s) => s.toggleLayer);
  const overlayDrawn = useAppStore((s) => s.overlayDrawn);
  const layersFromFiles = !!useClient().layers;
  // Small windows start with the panel folded: it would cover the parcel being looked at.
  const [open, setOpen] = useState(() => window.innerWidth > 1100 || window.innerHeight > 760);
  return (
    <fieldset className={open ? 'layer-panel' : 'layer-panel collapsed'} aria-label={t('layers')} data-testid="layer-panel">
      <legend>
        <button type="button" className="layer-panel-toggle" aria-expanded={open} onClick={() => setOpen(!open)} data-testid="layer-panel-toggle">
          <span aria-hidden="true">{open ? '▾' : '▸'}</span>
          {t('layers')}
        </button>
      </legend>
      {open &&
        (Object.keys(LAYER_GROUPS) as LayerId[]).map((id) => {
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
                <p className="layer-empty" data-testid={`empty-${id}`}>
                  {t('nothingLoaded')} {t(layersFromFiles ? 'howToLoad.desktop' : 'howToLoad.server')}
                </p>
              )}
              {layers[id] && overlayDrawn[id] === 'zoom' && (
                <p className="layer-empty" data-testid={`empty-${id}`}>
                  {t('zoomInOverlay')}
                </p>
              )}
              {legend && overlayDrawn[id] !== 0 && (
                <ul className="layer-legend" data-testid={`legend-${id}`} aria-label={t('legendOf', { layer: label })}>
                  {legend.map(({ color, key, values }) => (
                    <li key={key + JSON.stringify(values)}>
                      <span className="swatch" style={{ background: color }} />
                      {t(key, values)}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          );
        })}
      {open && <AreaList />}
      {open && <OfflineBasemap />}
      {open && <HazardImport />}
    </fieldset>
  );
}
