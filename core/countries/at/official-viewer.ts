import type { OfficialViewer } from '../official-viewer.js';

/** The Kataster viewer's zoom at which one parcel fills the view, as the client below asks for a parcel. */
const PARCEL_ZOOM = 18.1;

/**
 * Austria: BEV's Kataster viewer (kataster.bev.gv.at) centred on the parcel's centroid with the
 * cadastral map (`vermv`) drawn at 0.6 opacity. No BEV page describing the route was found; the
 * format is the one the OpenAtlas database of the Austrian Academy of Sciences builds for a parcel
 * (openatlas/api/external/cadaster.py: `#/center/<x>,<y>/zoom/18.1/vermv/0.6` with the centroid of
 * the Katasterservice's outline, which this client reads as longitude/latitude: at/katasterservice.ts).
 * The viewer takes no parcel number in its route, so the centroid places it.
 */
export const AUSTRIA_OFFICIAL_VIEWER: OfficialViewer = {
  name: 'Kataster (BEV)',
  documentation: 'https://github.com/acdh-oeaw/openatlas (openatlas/api/external/cadaster.py)',
  url: (_ref, [lon, lat]) => `https://kataster.bev.gv.at/#/center/${lon.toFixed(6)},${lat.toFixed(6)}/zoom/${PARCEL_ZOOM}/vermv/0.6`,
};
