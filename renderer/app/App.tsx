import type { MouseEvent } from 'react';
import { useTranslation } from '../i18n/i18n.js';
import { useClient } from '../ui/client-context.js';
import { BatchButton } from '../batch/BatchButton.js';
import { useEscapeDeselect } from './use-escape-deselect.js';
import { useMenuCommands } from './use-menu-commands.js';
import { ErrorBanner } from '../errors/ErrorBanner.js';
import { ImportStatus } from '../import/ImportStatus.js';
import { LayerImportStatus } from '../import/LayerImportStatus.js';
import { runImport } from '../import/run-import.js';
import { ConnectivityBadge } from '../map/ConnectivityBadge.js';
import { LayerPanel } from '../map/LayerPanel.js';
import { MapView } from '../map/MapView.js';
import { CursorReadout } from '../tools/CursorReadout.js';
import { MapTools } from '../tools/MapTools.js';
import { SelectionBar } from '../tools/SelectionBar.js';
import '../tools/tools.css';
import { useConnectivity } from '../map/use-connectivity.js';
import { PARCEL_PANEL_ID, ParcelPanel } from '../parcel/ParcelPanel.js';
import { SearchBox } from '../search/SearchBox.js';
import { SourceStatusItem } from '../status/SourceStatusItem.js';
import { useAppStore } from '../state/store.js';
import { loadWhenFirstNeeded } from '../ui/load-when-first-needed.js';

const SettingsDialog = loadWhenFirstNeeded(async () => (await import('../settings/SettingsDialog.js')).SettingsDialog);
const OfflineDialog = loadWhenFirstNeeded(async () => (await import('../offline/OfflineDialog.js')).OfflineDialog);
const DesignatedAreaForm = loadWhenFirstNeeded(async () => (await import('../import/DesignatedAreaForm.js')).DesignatedAreaForm);

/** Focuses the panel in script: the hash is left alone (the desktop app's navigation is locked). */
function skipToPanel(event: MouseEvent<HTMLAnchorElement>): void {
  event.preventDefault();
  document.getElementById(PARCEL_PANEL_ID)?.focus();
}

export function App() {
  const { t } = useTranslation('app');
  const client = useClient();
  const setSettingsOpen = useAppStore((s) => s.setSettingsOpen);
  const setOfflineDialog = useAppStore((s) => s.setOfflineDialog);
  const importing = useAppStore((s) => s.importState.status === 'loading');
  const settingsOpen = useAppStore((s) => s.settingsOpen);
  const offlineOpen = useAppStore((s) => s.offlineDialog.open);
  const fieldsPicked = useAppStore((s) => s.layerImport.picked !== null);
  useConnectivity();
  useMenuCommands(client);
  useEscapeDeselect();

  return (
    <div className="app">
      {/* The first stop of Tab: past the header, the map's controls and tools straight to the parcel (WCAG 2.4.1). */}
      <a className="skip-link" href={`#${PARCEL_PANEL_ID}`} onClick={skipToPanel} data-testid="skip-to-panel">
        {t('skipToPanel')}
      </a>
      <header className="toolbar">
        <h1 className="brand">{t('brand')}</h1>
        <SearchBox />
        <ConnectivityBadge />
        <SourceStatusItem />
        <BatchButton />
        {client.importFiles && (
          <button type="button" onClick={() => void runImport(client)} disabled={importing} data-testid="import">
            {t('importCadastre')}
          </button>
        )}
        {client.offline && (
          <button type="button" onClick={() => setOfflineDialog({ open: true })} data-testid="offline-open">
            {t('offlineAreas')}
          </button>
        )}
        <button type="button" onClick={() => setSettingsOpen(true)} aria-label={t('settings')} title={t('settings')}>
          ⚙
        </button>
      </header>
      <main className="workspace">
        <div className="map-area">
          <MapView />
          <LayerPanel />
          <MapTools />
          <CursorReadout />
          <SelectionBar />
        </div>
        <ParcelPanel />
      </main>
      <ImportStatus />
      <LayerImportStatus />
      <ErrorBanner />
      <SettingsDialog needed={settingsOpen} />
      <OfflineDialog needed={offlineOpen} />
      <DesignatedAreaForm needed={fieldsPicked} />
    </div>
  );
}
