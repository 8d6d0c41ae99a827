import { countryRow, type SourceUrls } from '../national/country-row.js';
import { PV_EVIDENCE } from './evidence.js';
import { BasqueLiveSource } from './live-source.js';
import { PV_REFERENCE_HINT, PV_REFERENCE_SHAPE, parseBasqueReference } from './reference.js';
import { basqueCadastres } from './territories.js';

/** The Basque foral cadastres' services (SOURCES.md 1b); each can be pointed elsewhere (tests: the fake). */
const PV_SOURCES = {
  /** Bizkaia's ArcGIS InspireFeatureDownload WFS (parcels by bounding box only). */
  bizkaiaWfsUrl: {
    url: 'https://geo.bizkaia.eus/arcgisserverinspire/rest/services/Catastro/Annex1/MapServer/exts/InspireFeatureDownload/service',
    env: 'CATASTRO_PV_BIZKAIA_WFS_URL',
  },
  /** Bizkaia's INSPIRE ATOM downloads: `<base>/ES.BFA.CP.<MMM>.zip` per municipality. */
  bizkaiaAtomUrl: { url: 'https://apli.bizkaia.eus/apps/Danok/INSPIRE', env: 'CATASTRO_PV_BIZKAIA_ATOM_URL' },
  /** Gipuzkoa's b5m INSPIRE CP WFS (deegree). */
  gipuzkoaWfsUrl: { url: 'https://b5m.gipuzkoa.eus/inspire/wfs/gipuzkoa_wfs_cp', env: 'CATASTRO_PV_GIPUZKOA_WFS_URL' },
  /** Álava's GeoAraba WFS (flat `INSPIRE_CP:CP.CadastralParcel`). */
  arabaWfsUrl: { url: 'https://geo.araba.eus/WFS_INSPIRE_CP', env: 'CATASTRO_PV_ARABA_WFS_URL' },
  /** The territories' INSPIRE Buildings WFS, for the parcel's use (SOURCES.md 1b). */
  bizkaiaBuildingsWfsUrl: {
    url: 'https://geo.bizkaia.eus/arcgisserverinspire/rest/services/Catastro/Buildings/MapServer/exts/InspireFeatureDownload/service',
    env: 'CATASTRO_PV_BIZKAIA_BU_WFS_URL',
  },
  gipuzkoaBuildingsWfsUrl: { url: 'https://b5m.gipuzkoa.eus/inspire/wfs/gipuzkoa_wfs_bu', env: 'CATASTRO_PV_GIPUZKOA_BU_WFS_URL' },
  arabaBuildingsWfsUrl: { url: 'https://geo.araba.eus/WFS_INSPIRE_BU', env: 'CATASTRO_PV_ARABA_BU_WFS_URL' },
};

/** The base URLs the Basque services are asked at. */
export type PvSources = SourceUrls<typeof PV_SOURCES>;

/**
 * Basque Country (PV): the foral cadastres of Bizkaia, Gipuzkoa and Álava, each through its own
 * INSPIRE service (SOURCES.md 1b). The reference's shape names the territory. No units per finca
 * (spec: `/units` is 422 for PV); address search goes through Spain's (`country=ES`), whose
 * geocoder returns the foral reference with `pais` = `PV`.
 */
export const basqueCountry = countryRow({
  code: 'PV',
  name: 'Basque Country',
  coverage: { byReference: true, byCoordinates: true, byAddress: false, units: false, analysis: true },
  coverageNotes: {
    units:
      'The foral cadastre of the Basque Country keeps its own register and publishes no units (dwellings) per finca through an open service; ask the parcel by reference instead.',
    byAddress: 'Addresses in the Basque Country are searched with country=ES: the national geocoder returns the foral reference.',
  },
  bounds: [-3.46, 42.46, -1.72, 43.47],
  outlineId: '724',
  territoryOf: 'ES',
  attribution: (urls) =>
    Object.values(basqueCadastres(urls))
      .map((c) => c.attribution)
      .join('; '),
  sources: PV_SOURCES,
  reference: { parse: (raw) => parseBasqueReference(raw)?.ref, hint: PV_REFERENCE_HINT, shape: PV_REFERENCE_SHAPE },
  live: { kind: 'own', create: (urls) => new BasqueLiveSource(urls) },
  crs: [25830],
  evidence: PV_EVIDENCE,
});
