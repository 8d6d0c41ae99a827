import { countryRow, type SourceUrls } from '../national/country-row.js';
import { NA_EVIDENCE } from './evidence.js';
import { NavarreLiveSource } from './live-source.js';
import { NA_REFERENCE_HINT, NA_REFERENCE_SHAPE, parseNavarreReference } from './reference.js';

/** Navarre's cadastre services (SOURCES.md 1b); each can be pointed elsewhere (tests: the fake). */
const NA_SOURCES = {
  /** RRTN INSPIRE CP WFS (GeoServer): parcels by FES filter on nationalCadastralReference or bbox. */
  wfsUrl: { url: 'https://inspire.navarra.es/services/CP/wfs', env: 'CATASTRO_NA_WFS_URL' },
  /**
   * RRTN INSPIRE Buildings WFS, for the parcel's use. UNCERTAIN: SOURCES.md 1b documents Navarre's
   * BU only as an ATOM download; this is the CP service's URL with BU for CP, as the WMS and the
   * ATOM folders pair them. Configurable; when it fails the answer leaves `uso` out.
   */
  buildingsWfsUrl: { url: 'https://inspire.navarra.es/services/BU/wfs', env: 'CATASTRO_NA_BU_WFS_URL' },
};

/** The base URLs Navarre's services are asked at. */
export type NaSourcesConfig = SourceUrls<typeof NA_SOURCES>;

/**
 * Navarre (NA): the Registro de la Riqueza Territorial through its INSPIRE WFS (SOURCES.md 1b).
 * No units per finca (`/units` is 422 for NA); address search goes through Spain's (`country=ES`).
 */
export const navarre = countryRow({
  code: 'NA',
  name: 'Navarre',
  coverage: { byReference: true, byCoordinates: true, byAddress: false, units: false, analysis: true },
  coverageNotes: {
    units:
      'The foral cadastre of Navarre keeps its own register and publishes no units (dwellings) per finca through an open service; ask the parcel by reference instead.',
    byAddress: 'Addresses in Navarre are searched with country=ES: the national geocoder returns the foral reference.',
  },
  bounds: [-2.51, 41.9, -0.72, 43.32],
  outlineId: '724',
  territoryOf: 'ES',
  /** The credit the service requires (CC BY 4.0). */
  attribution: 'Servicio proporcionado por el Gobierno de Navarra – Registro de la Riqueza Territorial de Navarra (CC BY 4.0)',
  sources: NA_SOURCES,
  reference: { parse: parseNavarreReference, hint: NA_REFERENCE_HINT, shape: NA_REFERENCE_SHAPE },
  live: { kind: 'own', create: (urls) => new NavarreLiveSource(urls) },
  crs: [4258, 25830],
  evidence: NA_EVIDENCE,
});
