import type { CountrySources } from '../adapter.js';
import { resolveSources } from '../national/sources-config.js';

/** Navarre's cadastre services (SOURCES.md 1b); each can be pointed elsewhere (tests: the fake). */
export interface NaSourcesConfig {
  /** RRTN INSPIRE CP WFS (GeoServer): parcels by FES filter on nationalCadastralReference or bbox. */
  wfsUrl: string;
}

export const DEFAULT_NA_SOURCES: NaSourcesConfig = { wfsUrl: 'https://inspire.navarra.es/services/CP/wfs' };
export const NA_SOURCES_ENV: Record<keyof NaSourcesConfig, string> = { wfsUrl: 'CATASTRO_NA_WFS_URL' };

export const resolveNaSources = (config?: CountrySources) => resolveSources(DEFAULT_NA_SOURCES, config);

/** The credit the service requires (CC BY 4.0). */
export const NA_ATTRIBUTION = 'Servicio proporcionado por el Gobierno de Navarra – Registro de la Riqueza Territorial de Navarra (CC BY 4.0)';
