import type { CountrySources } from '../adapter.js';
import { resolveSources } from '../national/sources-config.js';
import { GEO_API_ROOT } from './commune-finder.js';
import { ETALAB_CADASTRE_ROOT } from './etalab-files.js';

/** France's live sources; each can be pointed elsewhere (tests: the fake upstream). */
export interface FrSourcesConfig {
  /** IGN API Carto cadastre module: `<base>/parcelle`. */
  apicartoCadastreUrl: string;
  /** The BAN's geocoder on IGN's Géoplateforme (the API Adresse's successor): `<base>/search`, `<base>/reverse`. */
  geocoderUrl: string;
  /** Géoplateforme WFS (BD TOPO `batiment`): buildings on a parcel by reference. */
  bdtopoWfsUrl: string;
  /** Etalab's cadastre files by commune or département (offline areas): `<root>/communes/…`, `<root>/departements/…`. */
  etalabCadastreUrl: string;
  /** API Découpage administratif: communes and départements by name or by point (offline areas by name or map view). */
  geoApiUrl: string;
}

export const DEFAULT_FR_SOURCES: FrSourcesConfig = {
  apicartoCadastreUrl: 'https://apicarto.ign.fr/api/cadastre',
  geocoderUrl: 'https://data.geopf.fr/geocodage',
  bdtopoWfsUrl: 'https://data.geopf.fr/wfs/ows',
  etalabCadastreUrl: ETALAB_CADASTRE_ROOT,
  geoApiUrl: GEO_API_ROOT,
};

export const FR_SOURCES_ENV: Record<keyof FrSourcesConfig, string> = {
  apicartoCadastreUrl: 'CATASTRO_FR_APICARTO_URL',
  geocoderUrl: 'CATASTRO_FR_GEOCODER_URL',
  bdtopoWfsUrl: 'CATASTRO_FR_BDTOPO_WFS_URL',
  etalabCadastreUrl: 'CATASTRO_FR_ETALAB_URL',
  geoApiUrl: 'CATASTRO_FR_GEO_API_URL',
};

export const resolveFrSources = (config?: CountrySources) => resolveSources(DEFAULT_FR_SOURCES, config);

/** Cadastre: DGFiP's Plan cadastral informatisé served by IGN; addresses: the Base Adresse Nationale's geocoder on the Géoplateforme. */
export const FR_CADASTRE_ATTRIBUTION = 'DGFiP – Plan cadastral informatisé, via IGN API Carto; buildings IGN BD TOPO (Licence Ouverte Etalab 2.0)';
/** Etalab's cadastre files (cadastre.data.gouv.fr), the source of parcels imported offline: the DGFiP's plan, Etalab's licence. */
export const FR_ETALAB_ATTRIBUTION = 'DGFiP – Plan cadastral informatisé, via Etalab (cadastre.data.gouv.fr), Licence Ouverte Etalab 2.0';
