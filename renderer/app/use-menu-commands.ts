import { useEffect } from 'react';
import type { CatastroClient, HazardLayerKind } from '../client/catastro-client.js';
import { parcelKeyOf } from '../../core/model/index.js';
import type { MenuCommand } from '../client/desktop-api.js';
import { exportParcel } from '../export/ExportButtons.js';
import { toUiError } from '../errors/advice.js';
import { runImport } from '../import/run-import.js';
import { pickLayers } from '../import/run-layer-import.js';
import { useAppStore, type LayerId } from '../state/store.js';
import { i18next } from '../i18n/i18n.js';

const LAYER_OF: Partial<Record<MenuCommand, LayerId>> = {
  'toggle-basemap': 'basemap',
  'toggle-cadastre-wms': 'cadastreWms',
  'toggle-parcels': 'parcels',
  'toggle-outlines': 'outlines',
};

const LAYER_IMPORT_OF: Partial<Record<MenuCommand, HazardLayerKind>> = {
  'import-protected-areas': 'protected-areas',
  'import-ground-motion': 'ground-motion',
  'import-designated-areas': 'designated-areas',
};

/** Electron menu items (File, View) arrive as commands; the browser has no menu. */
export function useMenuCommands(client: CatastroClient): void {
  useEffect(() => {
    const api = window.catastro;
    if (!api) return;
    const listening = new AbortController();
    api.on(
      'menu',
      (command) => {
        const store = useAppStore.getState();
        const layer = LAYER_OF[command];
        if (layer) return store.toggleLayer(layer);
        if (command === 'import') return void runImport(client);
        const layerKind = LAYER_IMPORT_OF[command];
        if (layerKind) return void pickLayers(client, layerKind);
        if (command === 'open-settings') return store.setSettingsOpen(true);
        if (command === 'focus-search') return document.querySelector<HTMLInputElement>('[data-testid="search-input"]')?.focus();
        const parcel = store.parcel;
        if (!parcel)
          return store.showError({
            title: i18next.t('export:nothingTitle'),
            message: i18next.t('export:nothingMessage'),
            advice: i18next.t('export:nothingAdvice'),
          });
        const format = command === 'export-gpx' ? 'gpx' : 'kml';
        exportParcel(client, parcelKeyOf(parcel), format).catch((error) =>
          store.showError(toUiError(i18next.t('export:failedMenu', { format: format.toUpperCase() }), error)),
        );
      },
      { signal: listening.signal },
    );
    return () => listening.abort();
  }, [client]);
}
