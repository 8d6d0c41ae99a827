import type { CountrySources } from '../adapter.js';
import { resolveSources } from '../national/sources-config.js';

export interface LuSourcesConfig {
  /** ACT's INSPIRE Cadastral Parcels WFS (GeoServer), asked for GeoJSON. */
  cpWfsUrl: string;
  /** geoportail.lu geocoder: `<base>/search?queryString=`, `<base>/reverseGeocode?lat=&lon=`. */
  geocoderUrl: string;
}

export const DEFAULT_LU_SOURCES: LuSourcesConfig = {
  cpWfsUrl: 'https://wms.inspire.geoportail.lu/geoserver/wfs',
  geocoderUrl: 'https://api.geoportail.lu/geocoder',
};

export const LU_SOURCES_ENV: Record<keyof LuSourcesConfig, string> = {
  cpWfsUrl: 'CATASTRO_LU_CP_WFS_URL',
  geocoderUrl: 'CATASTRO_LU_GEOCODER_URL',
};

export const resolveLuSources = (config?: CountrySources) => resolveSources(DEFAULT_LU_SOURCES, config);

/** The parcels dataset is CC0 (its GetCapabilities); the credit is still given. */
export const LU_CADASTRE_ATTRIBUTION = 'Administration du cadastre et de la topographie (ACT), Luxembourg – INSPIRE Cadastral Parcels (CC0)';
export const LU_GEOCODER_ATTRIBUTION = 'geoportail.lu geocoder (ACT)';
