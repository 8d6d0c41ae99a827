import type { CountrySources } from '../adapter.js';
import { resolveSources } from '../national/sources-config.js';

/** The Basque foral cadastres' services (SOURCES.md 1b); each can be pointed elsewhere (tests: the fake). */
export interface PvSourcesConfig {
  /** Bizkaia's ArcGIS InspireFeatureDownload WFS (parcels by bounding box only). */
  bizkaiaWfsUrl: string;
  /** Bizkaia's INSPIRE ATOM downloads: `<base>/ES.BFA.CP.<MMM>.zip` per municipality. */
  bizkaiaAtomUrl: string;
  /** Gipuzkoa's b5m INSPIRE CP WFS (deegree). */
  gipuzkoaWfsUrl: string;
  /** Álava's GeoAraba WFS (flat `INSPIRE_CP:CP.CadastralParcel`). */
  arabaWfsUrl: string;
  /** The territories' INSPIRE Buildings WFS, for the parcel's use (SOURCES.md 1b). */
  bizkaiaBuildingsWfsUrl: string;
  gipuzkoaBuildingsWfsUrl: string;
  arabaBuildingsWfsUrl: string;
}

export const DEFAULT_PV_SOURCES: PvSourcesConfig = {
  bizkaiaWfsUrl: 'https://geo.bizkaia.eus/arcgisserverinspire/rest/services/Catastro/Annex1/MapServer/exts/InspireFeatureDownload/service',
  bizkaiaAtomUrl: 'https://apli.bizkaia.eus/apps/Danok/INSPIRE',
  gipuzkoaWfsUrl: 'https://b5m.gipuzkoa.eus/inspire/wfs/gipuzkoa_wfs_cp',
  arabaWfsUrl: 'https://geo.araba.eus/WFS_INSPIRE_CP',
  bizkaiaBuildingsWfsUrl: 'https://geo.bizkaia.eus/arcgisserverinspire/rest/services/Catastro/Buildings/MapServer/exts/InspireFeatureDownload/service',
  gipuzkoaBuildingsWfsUrl: 'https://b5m.gipuzkoa.eus/inspire/wfs/gipuzkoa_wfs_bu',
  arabaBuildingsWfsUrl: 'https://geo.araba.eus/WFS_INSPIRE_BU',
};

export const PV_SOURCES_ENV: Record<keyof PvSourcesConfig, string> = {
  bizkaiaWfsUrl: 'CATASTRO_PV_BIZKAIA_WFS_URL',
  bizkaiaAtomUrl: 'CATASTRO_PV_BIZKAIA_ATOM_URL',
  gipuzkoaWfsUrl: 'CATASTRO_PV_GIPUZKOA_WFS_URL',
  arabaWfsUrl: 'CATASTRO_PV_ARABA_WFS_URL',
  bizkaiaBuildingsWfsUrl: 'CATASTRO_PV_BIZKAIA_BU_WFS_URL',
  gipuzkoaBuildingsWfsUrl: 'CATASTRO_PV_GIPUZKOA_BU_WFS_URL',
  arabaBuildingsWfsUrl: 'CATASTRO_PV_ARABA_BU_WFS_URL',
};

export const resolvePvSources = (config?: CountrySources) => resolveSources(DEFAULT_PV_SOURCES, config);
