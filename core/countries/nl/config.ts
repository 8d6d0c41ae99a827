import type { CountrySources } from '../adapter.js';
import { resolveSources } from '../national/sources-config.js';

export interface NlSourcesConfig {
  /** PDOK BRK Kadastrale Kaart OGC API Features: `<base>/collections/perceel/items`. */
  brkOgcUrl: string;
  /** PDOK Locatieserver: `<base>/free`, `<base>/lookup`. */
  locatieserverUrl: string;
}

export const DEFAULT_NL_SOURCES: NlSourcesConfig = {
  brkOgcUrl: 'https://api.pdok.nl/kadaster/brk-kadastrale-kaart/ogc/v1',
  locatieserverUrl: 'https://api.pdok.nl/bzk/locatieserver/search/v3_1',
};

export const NL_SOURCES_ENV: Record<keyof NlSourcesConfig, string> = {
  brkOgcUrl: 'CATASTRO_NL_BRK_URL',
  locatieserverUrl: 'CATASTRO_NL_LOCATIESERVER_URL',
};

export const resolveNlSources = (config?: CountrySources) => resolveSources(DEFAULT_NL_SOURCES, config);

export const NL_CADASTRE_ATTRIBUTION = 'Kadaster, Basisregistratie Kadaster (BRK) via PDOK (CC BY 4.0)';
