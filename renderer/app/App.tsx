import { useTranslation } from '../i18n/i18n.js';
import { useClient } from './client-context.js';
import { BatchButton } from '../batch/BatchButton.js';
import { useEscapeDeselect } from './use-escape-deselect.js';
import { useMenuCommands } from './use-menu-commands.js';
import { ErrorBanner } from '../errors/ErrorBanner.js';
import { DesignatedAreaForm } from '../import/DesignatedAreaForm.js';
import { ImportStatus } from '../import/ImportStatus.js';
import { LayerImportStatus } from '../import/LayerImportStatus.js';
import { runImport } from '../import/run-import.js';
import { ConnectivityBadge } from '../map/ConnectivityBadge.js';
import { LayerPanel } from '../map/LayerPanel.js';
import { MapView } from '../map/MapView.js';
import { OfflineDialog } from '../offline/OfflineDialog.js';
import { CursorReadout } from '../tools/CursorReadout.js';
import { MapTools } from '../tools/MapTools.js';
import { SelectionBar } from '../tools/SelectionBar.js';
import '../tools/tools.css';
import { useConnectivity } from '../map/use-connectivity.js';
import { ParcelPanel } from '../parcel/ParcelPanel.js';
import { SearchBox } from '../search/SearchBox.js';
import { SettingsDialog } from '../settings/SettingsDialog.js';
import { SourceStatusItem } from '../status/SourceStatusItem.js';
import { useAppStore } from '../state/store.js';

export function App() {
  const { t } = useTranslation('app');
  const client = useClient();
  const setSettingsOpen = useAppStore((s) => s.setSettingsOpen);
  const setOfflineDialog = useAppStore((s) => s.setOfflineDialog);
  const importing = useAppStore((s) => s.importState.status === 'loading');
  useConnectivity();
  useMenuCommands(client);
  useEscapeDeselect();

  return (
    <div className="app">
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
          <button type="button" onClick={() => setOfflineDialog({ open: true })} data-testid="offline-open">{t('offlineAreas')}</button>
        )}
        <button type="button" onClick={() => setSettingsOpen(true)} aria-label={t('settings')} title={t('settings')}>⚙</button>
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
      <SettingsDialog />
      <OfflineDialog />
      <DesignatedAreaForm />
    </div>
  );
}
