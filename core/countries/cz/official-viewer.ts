import { fromWgs84 } from '../../geo/crs.js';
import type { OfficialViewer } from '../official-viewer.js';

/**
 * Czechia: ČÚZK's Nahlížení do katastru nemovitostí, its cadastral map identified at the parcel's
 * centroid. No ČÚZK page describing the parameters was found; the format is the one established
 * clients open it with: `MapaIdentifikace.aspx?l=KN&x=<x>&y=<y>`, x and y the S-JTSK point as
 * EPSG:5514 writes it (x = −Y, y = −X, both negative, whole metres), as the QGIS VFK plugin of
 * ČVUT's OSGeoREL lab does (ctu-osgeorel/qgis-vfk-plugin, "showOnCuzk": `x=-<Y>&y=-<X>`).
 */
export const CZECHIA_OFFICIAL_VIEWER: OfficialViewer = {
  name: 'Nahlížení do katastru nemovitostí',
  documentation: 'https://github.com/ctu-osgeorel/qgis-vfk-plugin',
  url: (_ref, [lon, lat]) => {
    const [x, y] = fromWgs84(5514, lon, lat);
    return `https://nahlizenidokn.cuzk.cz/MapaIdentifikace.aspx?l=KN&x=${Math.round(x)}&y=${Math.round(y)}`;
  },
};
