import type { CountrySources } from '../adapter.js';
import { resolveSources } from '../national/sources-config.js';

/** Navarre's cadastre services (SOURCES.md 1b); each can be pointed elsewhere (tests: the fake). */
export interface NaSourcesConfig {
  /** RRTN INSPIRE CP WFS (GeoServer): parcels by FES filter on nationalCadastralReference or bbox. */
  wfsUrl: string;
  /**
   * RRTN INSPIRE Buildings WFS, for the parcel's use. UNCERTAIN: SOURCES.md 1b documents Navarre's
   * BU only as an ATOM download; this is the CP service's URL with BU for CP, as the WMS and the
   * ATOM folders pair them. Configurable; when it fails the answer leaves `uso` out.
   */
  buildingsWfsUrl: string;
}

export const DEFAULT_NA_SOURCES: NaSourcesConfig = {
  wfsUrl: 'https://inspire.navarra.es/services/CP/wfs',
  buildingsWfsUrl: 'https://inspire.navarra.es/services/BU/wfs',
};
export const NA_SOURCES_ENV: Record<keyof NaSourcesConfig, string> = { wfsUrl: 'CATASTRO_NA_WFS_URL', buildingsWfsUrl: 'CATASTRO_NA_BU_WFS_URL' };

export const resolveNaSources = (config?: CountrySources) => resolveSources(DEFAULT_NA_SOURCES, config);

/** The credit the service requires (CC BY 4.0). */
export const NA_ATTRIBUTION = 'Servicio proporcionado por el Gobierno de Navarra – Registro de la Riqueza Territorial de Navarra (CC BY 4.0)';
