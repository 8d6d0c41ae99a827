import { pointOnFeature } from '@turf/turf';
import { toWgs84 } from '../../../geo/crs.js';
import { containsPoint } from '../../../geo/polygon.js';
import type { LonLat } from '../../../model/index.js';
import type { CountryFake } from '../../../../test/helpers/country-golden.js';
import { json, xml, type FakeRoute } from '../../../../test/fake-upstream/countries/fake-server.js';
import { handWrittenInspireParcel } from '../../../../test/fake-upstream/countries/hand-written-inspire.js';

/**
 * ČÚZK's INSPIRE CP WFS (`/cz-wfs`) as the fake plays it. NO CZECH RECORDING EXISTS: the parcel
 * `727024-542` (namespace CZ.ISKN.CP) is WRITTEN BY HAND to the INSPIRE cp 4.0 schema
 * (test/fake-upstream/countries/hand-written-inspire.ts; HAND-WRITTEN.md), a square in Prague's Old Town written in S-JTSK / Krovak (EPSG:5514,
 * srsName URN). It answers the stored query GetParcel for k.ú. 727024 parcel 542 and any BBOX
 * (EPSG:5514) whose centre lies in it; otherwise an empty wfs:FeatureCollection, also by hand.
 */
export const CZ_REF = '727024-542';
const CZ = handWrittenInspireParcel({ ref: CZ_REF, namespace: 'CZ.ISKN.CP', epsg: 5514, centre: [14.4187, 50.0865] });
export const CZ_OUTLINE = CZ.outline;
export const CZ_AREA = CZ.area;
const CZ_EMPTY = `<?xml version="1.0" encoding="utf-8"?>
<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:gml="http://www.opengis.net/gml/3.2" numberMatched="0" numberReturned="0" timeStamp="2026-01-01T00:00:00Z"/>
`;

const parameter = (url: URL, name: string) => {
  for (const [key, value] of url.searchParams) if (key.toLowerCase() === name.toLowerCase()) return value;
  return undefined;
};

const czechWfsRoutes: FakeRoute = (url) => {
  if (url.pathname !== '/cz-wfs') return undefined;
  if (parameter(url, 'STOREDQUERY_ID') === 'GetParcel') {
    return xml(parameter(url, 'UPPER_ZONING_ID') === '727024' && parameter(url, 'TEXT') === '542' ? CZ.answer : CZ_EMPTY);
  }
  const [minX, minY, maxX, maxY, urn] = (parameter(url, 'BBOX') ?? '').split(',');
  if (urn !== 'urn:ogc:def:crs:EPSG::5514') return xml(CZ_EMPTY);
  const centre = toWgs84(5514, (Number(minX) + Number(maxX)) / 2, (Number(minY) + Number(maxY)) / 2);
  return xml(containsPoint(CZ_OUTLINE, centre) ? CZ.answer : CZ_EMPTY);
};

/**
 * ČÚZK's RÚIAN geocoder (`/cz-geocoder/findAddressCandidates?SingleLine=…&outSR=4326&f=json`,
 * ArcGIS GeocodeSOE) as the fake plays it. NO ANSWER WAS RECORDED: written to Esri's published
 * FindAddressCandidatesResults (https://developers.arcgis.com/rest/geocode/response-types/:
 * spatialReference, candidates[{address, location{x, y}, score, attributes, extent}]) with the
 * attributes public clients of this service read (Type `AdresniMisto` or `Ulice`, Match_addr,
 * Score, Addr_type, Loc_name). One invented address, "Karlova 123/5, Staré Město, 110 00 Praha 1",
 * inside the Czech fake parcel above, after its street at the same point (no address point); a
 * text naming "Karlova" finds them, any other an empty `candidates` list.
 */
export const CZ_ADDRESS_POINT = pointOnFeature({ type: 'Feature', properties: {}, geometry: CZ_OUTLINE }).geometry.coordinates as LonLat;
const [x, y] = CZ_ADDRESS_POINT;
const SPATIAL_REFERENCE = { wkid: 4326, latestWkid: 4326 };
const candidate = (address: string, type: string, score: number, [cx, cy]: LonLat) => ({
  address,
  location: { x: cx, y: cy },
  score,
  attributes: { Loc_name: 'RUIAN', Score: score, Match_addr: address, Addr_type: type, Type: type },
  extent: { xmin: cx - 0.0005, ymin: cy - 0.0005, xmax: cx + 0.0005, ymax: cy + 0.0005 },
});
const FOUND = JSON.stringify({
  spatialReference: SPATIAL_REFERENCE,
  candidates: [candidate('Karlova, Praha', 'Ulice', 100, [x, y]), candidate('Karlova 123/5, Staré Město, 11000 Praha 1', 'AdresniMisto', 100, [x, y])],
});
const NONE = JSON.stringify({ spatialReference: SPATIAL_REFERENCE, candidates: [] });

/** The geocoder's answer to a SingleLine text. */
export const czechGeocoderAnswer = (text: string) => (text.toLowerCase().includes('karlova') ? FOUND : NONE);

const czechGeocoderRoutes: FakeRoute = (url) => {
  if (url.pathname !== '/cz-geocoder/findAddressCandidates') return undefined;
  return json(czechGeocoderAnswer(url.searchParams.get('SingleLine') ?? ''));
};

/** ČÚZK's INSPIRE CP WFS and RÚIAN geocoder as the fake plays them. */
export const fake: CountryFake = {
  routes: [czechWfsRoutes, czechGeocoderRoutes],
  sources: (base) => ({ cpWfsUrl: `${base}/cz-wfs`, geocoderUrl: `${base}/cz-geocoder` }),
};
