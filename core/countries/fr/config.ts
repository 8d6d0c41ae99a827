import type { CountrySources } from '../adapter.js';
import { resolveSources } from '../national/sources-config.js';

/** France's live sources; each can be pointed elsewhere (tests: the fake upstream). */
export interface FrSourcesConfig {
  /** IGN API Carto cadastre module: `<base>/parcelle`. */
  apicartoCadastreUrl: string;
  /** API Adresse (BAN): `<base>/search/`, `<base>/reverse/`. */
  banUrl: string;
}

export const DEFAULT_FR_SOURCES: FrSourcesConfig = {
  apicartoCadastreUrl: 'https://apicarto.ign.fr/api/cadastre',
  banUrl: 'https://api-adresse.data.gouv.fr',
};

export const FR_SOURCES_ENV: Record<keyof FrSourcesConfig, string> = {
  apicartoCadastreUrl: 'CATASTRO_FR_APICARTO_URL',
  banUrl: 'CATASTRO_FR_BAN_URL',
};

export const resolveFrSources = (config?: CountrySources) => resolveSources(DEFAULT_FR_SOURCES, config);

/** Cadastre: DGFiP's Plan cadastral informatisé served by IGN; addresses: Base Adresse Nationale. */
export const FR_CADASTRE_ATTRIBUTION = 'DGFiP – Plan cadastral informatisé, via IGN API Carto (Licence Ouverte Etalab 2.0)';
