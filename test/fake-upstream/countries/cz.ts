import { pointOnFeature } from '@turf/turf';
import type { LonLat } from '../../../core/model/index.js';
import { json, type FakeRoute } from './fake-server.js';
import { CZ_OUTLINE } from './inspire.js';

/**
 * ČÚZK's RÚIAN geocoder (`/cz-geocoder/find?text=…&outSR=4326&f=json`, ArcGIS GeocodeSOE) as the
 * fake plays it. NO ANSWER WAS RECORDED: written BY HAND in ArcGIS's `find` JSON (spatialReference,
 * locations[{name, extent, feature{geometry{x, y}, attributes{Match_addr, Type, Score}}}]), the
 * names RCzechia reads. One invented address, "Karlova 123/5, Staré Město, 110 00 Praha 1", placed
 * inside the Czech fake parcel (itself the Spanish answer re-labelled for Czechia, inspire.ts); a
 * text naming "Karlova" finds it, any other an empty `locations` list.
 */
export const CZ_ADDRESS_POINT = pointOnFeature({ type: 'Feature', properties: {}, geometry: CZ_OUTLINE }).geometry.coordinates as LonLat;
const [x, y] = CZ_ADDRESS_POINT;
const FOUND = JSON.stringify({
  spatialReference: { wkid: 4326, latestWkid: 4326 },
  locations: [{
    name: 'Karlova 123/5, Staré Město, 11000 Praha 1',
    extent: { xmin: x - 0.0005, ymin: y - 0.0005, xmax: x + 0.0005, ymax: y + 0.0005 },
    feature: { geometry: { x, y }, attributes: { Match_addr: 'Karlova 123/5, Staré Město, 11000 Praha 1', Type: 'AdresniMisto', Score: 100 } },
  }],
});
const NONE = JSON.stringify({ spatialReference: { wkid: 4326, latestWkid: 4326 }, locations: [] });

export const czechGeocoderRoutes: FakeRoute = (url) => {
  if (url.pathname !== '/cz-geocoder/find') return undefined;
  return json((url.searchParams.get('text') ?? '').toLowerCase().includes('karlova') ? FOUND : NONE);
};
