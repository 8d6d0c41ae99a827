import { HazardImport } from '../import/HazardImport.js';
import { useAppStore, type LayerId } from '../state/store.js';
import { LAYER_GROUPS, LAYER_LEGENDS } from './map-style.js';

/** Layer toggles; network layers say why they are unavailable offline. In the desktop app, hazard layers are imported here. */
export function LayerPanel() {
  const layers = useAppStore((s) => s.layers);
  const connectivity = useAppStore((s) => s.connectivity);
  const toggle = useAppStore((s) => s.toggleLayer);
  return (
    <fieldset className="layer-panel" aria-label="Layers">
      <legend>Layers</legend>
      {(Object.keys(LAYER_GROUPS) as LayerId[]).map((id) => {
        const group = LAYER_GROUPS[id];
        const unavailable = group.online && connectivity !== 'online';
        const legend = layers[id] ? LAYER_LEGENDS[id] : undefined;
        return (
          <div key={id}>
            <label className={unavailable ? 'unavailable' : undefined} title={unavailable ? 'Needs a connection' : undefined}>
              <input type="checkbox" checked={layers[id]} onChange={() => toggle(id)} data-testid={`layer-${id}`} />
              {group.label}
              {unavailable && <small> (offline)</small>}
            </label>
            {legend && (
              <ul className="layer-legend" data-testid={`legend-${id}`} aria-label={`${group.label}: legend`}>
                {legend.map(({ color, label }) => (
                  <li key={label}><span className="swatch" style={{ background: color }} />{label}</li>
                ))}
              </ul>
            )}
          </div>
        );
      })}
      <HazardImport />
    </fieldset>
  );
}
