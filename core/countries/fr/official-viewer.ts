import type { OfficialViewer } from '../official-viewer.js';

/** Géoportail zoom at which single parcels and their numbers are drawn. */
const PARCEL_ZOOM = 19;
/** IGN's Géoplateforme layer of the PCI cadastral parcels, as Géoportail's own permalinks name a WMTS layer (opacity 1). */
const CADASTRE_LAYER = 'CADASTRALPARCELS.PARCELLAIRE_EXPRESS::GEOPORTAIL:OGC:WMTS(1)';

/**
 * France: IGN's Géoportail centred on the parcel's centroid with the cadastral parcels on. No IGN
 * page describing the parameters was found; the format is that of Géoportail's own permalinks
 * (`carte?c=<lon>,<lat>&z=<zoom>&l0=<layer>::GEOPORTAIL:OGC:WMTS(<opacity>)&permalink=yes`), as
 * the established client OpenSwitchMaps builds them (tankaru/OpenSwitchMaps, maps.js "IGN
 * Géoportail (FR)", added in its issue #15). The viewer takes no parcel id, so the centroid places it.
 */
export const FRANCE_OFFICIAL_VIEWER: OfficialViewer = {
  name: 'Géoportail',
  documentation: 'https://github.com/tankaru/OpenSwitchMaps/issues/15',
  url: (_ref, [lon, lat]) => `https://www.geoportail.gouv.fr/carte?c=${lon.toFixed(6)},${lat.toFixed(6)}&z=${PARCEL_ZOOM}&l0=${CADASTRE_LAYER}&permalink=yes`,
};
