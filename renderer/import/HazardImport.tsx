import { useClient } from '../ui/client-context.js';
import type { HazardLayerKind } from '../client/catastro-client.js';
import { useTranslation } from '../i18n/i18n.js';
import { useAppStore } from '../state/store.js';
import { pickLayers } from './run-layer-import.js';

const KINDS: HazardLayerKind[] = ['protected-areas', 'ground-motion', 'designated-areas'];

/** Hazard layers from files, for the overlays and the analyses: the desktop app and start's browser app (not a tab of a plain serve). */
export function HazardImport() {
  const { t } = useTranslation('import');
  const client = useClient();
  const busy = useAppStore((s) => s.layerImport.status === 'loading');
  if (!client.layers) return null;
  return (
    <details className="hazard-import" data-testid="hazard-import">
      <summary>{t('hazardSummary')}</summary>
      {KINDS.map((kind) => (
        <button key={kind} type="button" disabled={busy} onClick={() => void pickLayers(client, kind)} data-testid={`import-${kind}`}>
          {t(`kind.${kind}`)}
        </button>
      ))}
      <p className="help">{t('hazardHelp')}</p>
    </details>
  );
}
