import { fromWgs84 } from '../../../geo/crs.js';
import type { LonLat, ParcelGeometry } from '../../../model/index.js';
import { LANDER } from '../lander.js';
import { landOption } from '../live-source.js';
import { json, xml, type FakeRoute } from '../../../../test/fake-upstream/countries/fake-server.js';
import { boxMeets, geoServerCollection, parameter, square } from '../../../../test/fake-upstream/countries/geojson-countries.js';
import { handWrittenInspireParcel } from '../../../../test/fake-upstream/countries/hand-written-inspire.js';
import { addPlace } from '../../../../test/fake-upstream/countries/nominatim.js';
import { EMPTY_WFS, literalIn, urnBoxMeets } from '../../../../test/fake-upstream/countries/inspire-wfs-filter.js';
import type { CountryFake } from '../../../../test/helpers/country-golden.js';

/**
 * Germany's Länder services as the fake plays them (`/de-<Land>`).
 *
 * NO GERMAN RECORDING EXISTS (SOURCES.md 15; HAND-WRITTEN.md): every answer is WRITTEN BY HAND in
 * the documented formats: INSPIRE cp 4.0 parcels (hand-written-inspire.ts: a square written in the
 * CRS asked, Niedersachsen EPSG:4326 URN latitude first), Berlin's GeoJSON (alkis_flurstuecke,
 * fsko/afl), the AdV simplified-schema `ave:Flurstueck` GML of Nordrhein-Westfalen
 * (flstkennz/flaeche/gemeinde), and every empty answer.
 */
/** A service that holds the Kennzeichen in one written form only (as a database column does) matches only that literal. */
const exactLiteralIn = (filter: string | undefined, held: string) => filter !== undefined && filter.includes(`<fes:Literal>${held}</fes:Literal>`);

// Niedersachsen (Hannover, Kröpcke): INSPIRE, EPSG:4326, the recorder's stripped Kennzeichen padded back.
export const DE_NI_REF = '034880045002110098__';
const NI = handWrittenInspireParcel({ ref: DE_NI_REF, namespace: 'DENI.ALKIS.CP', epsg: 4326, centre: [9.7385, 52.3745] });
export const DE_NI_AREA = NI.area;
// Berlin (Pariser Platz): GeoJSON written by hand; fsko as the recorder saw it (18 characters), the only form its filter matches.
export const DE_BE_REF = '11000191900567______';
const DE_BE_FSKO = '11000191900567____';
// Baden-Württemberg (Stuttgart) and Sachsen (Dresden): INSPIRE, EPSG:4258, the Kennzeichen held as the
// recorder saw it (SOURCES.md 15): every empty part `0` (BW); no Flur (`___`) with a `0`-filled Folge (SN).
export const DE_BW_HELD = '08146000000006000000';
export const DE_BW_REF = '081460___00006______';
const BW = handWrittenInspireParcel({ ref: DE_BW_HELD, namespace: 'DEBW.ALKIS.CP', epsg: 4258, centre: [9.177, 48.7758] });
export const DE_SN_HELD = '140208___02523001200';
export const DE_SN_REF = '140208___025230012__';
const SN = handWrittenInspireParcel({ ref: DE_SN_HELD, namespace: 'DESN.ALKIS.CP', epsg: 4258, centre: [13.7373, 51.0504] });
const BERLIN_CENTRE: LonLat = [13.3777, 52.5163];
// Nordrhein-Westfalen (Düsseldorf, Burgplatz): ave:Flurstueck GML written by hand.
export const DE_NW_REF = '05111200100123______';
const NW_CENTRE: LonLat = [6.7735, 51.2277];
/** A point in Bavaria (Munich, Marienplatz). */
export const BAVARIA_POINT: LonLat = [11.5755, 48.1374];
export const DE_POINTS = {
  NI: [9.7385, 52.3745] as LonLat,
  BE: BERLIN_CENTRE,
  NW: NW_CENTRE,
  BW: [9.177, 48.7758] as LonLat,
  SN: [13.7373, 51.0504] as LonLat,
};

/** The open geocoder's German places (written by hand in Nominatim's jsonv2): on the Berlin parcel, and in Bavaria, which publishes no parcels. */
export const DE_PLACE = addPlace('de', {
  road: 'Pariser Platz',
  houseNumber: '1',
  city: 'Berlin',
  postcode: '10117',
  state: 'Berlin',
  country: 'Deutschland',
  point: BERLIN_CENTRE,
});
export const BAVARIA_PLACE = addPlace('de', {
  road: 'Marienplatz',
  houseNumber: '8',
  city: 'München',
  postcode: '80331',
  state: 'Bayern',
  country: 'Deutschland',
  point: BAVARIA_POINT,
});

function nrwAnswer(): string {
  const ring = square(NW_CENTRE)
    .map(([lon, lat]) =>
      fromWgs84(25832, lon, lat)
        .map((v) => v.toFixed(2))
        .join(' '),
    )
    .join(' ');
  return `<?xml version="1.0" encoding="UTF-8"?>
<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:ave="http://repository.gdi-de.org/schemas/adv/produkt/alkis-vereinfacht/2.0" numberMatched="1" numberReturned="1" timeStamp="2026-11-24T09:00:00Z">
  <wfs:member>
    <ave:Flurstueck gml:id="DENW36AL10000abcFL">
      <ave:idflurst>DENW36AL10000abc</ave:idflurst>
      <ave:flstkennz>${DE_NW_REF}</ave:flstkennz>
      <ave:land>Nordrhein-Westfalen</ave:land>
      <ave:gemarkung>Düsseldorf</ave:gemarkung>
      <ave:flur>1</ave:flur>
      <ave:flstnrzae>123</ave:flstnrzae>
      <ave:flaeche>905</ave:flaeche>
      <ave:gemeinde>Düsseldorf</ave:gemeinde>
      <ave:geometrie>
        <gml:Polygon gml:id="DENW36AL10000abcFL.geom" srsName="urn:ogc:def:crs:EPSG::25832">
          <gml:exterior><gml:LinearRing><gml:posList srsDimension="2">${ring}</gml:posList></gml:LinearRing></gml:exterior>
        </gml:Polygon>
      </ave:geometrie>
    </ave:Flurstueck>
  </wfs:member>
</wfs:FeatureCollection>
`;
}

const germanyRoutes: FakeRoute = (url) => {
  if (!url.pathname.startsWith('/de-')) return undefined;
  const key = url.pathname.slice(4);
  if (key === 'ni') {
    const hit = parameter(url, 'FILTER') !== undefined ? literalIn(parameter(url, 'FILTER'), DE_NI_REF) : urnBoxMeets(parameter(url, 'BBOX'), 4326, NI.outline);
    return xml(hit ? NI.answer : EMPTY_WFS);
  }
  if (key === 'be') {
    const ring = square(BERLIN_CENTRE);
    const [minLon, minLat, maxLon, maxLat, crs] = (parameter(url, 'bbox') ?? '').split(',');
    const hit =
      parameter(url, 'FILTER') !== undefined
        ? exactLiteralIn(parameter(url, 'FILTER'), DE_BE_FSKO)
        : crs === 'EPSG:4326' && boxMeets(`${minLat},${minLon},${maxLat},${maxLon},urn:ogc:def:crs:EPSG::4326`, ring);
    return json(
      geoServerCollection(
        'alkis_flurstuecke:flurstuecke',
        hit ? [{ ring, properties: { fsko: DE_BE_FSKO, zae: '567', nen: null, gmk: 'Mitte', afl: 1210 } }] : [],
      ),
    );
  }
  for (const [land, held, parcel] of [
    ['bw', DE_BW_HELD, BW],
    ['sn', DE_SN_HELD, SN],
  ] as const) {
    if (key !== land) continue;
    const hit =
      parameter(url, 'FILTER') !== undefined ? exactLiteralIn(parameter(url, 'FILTER'), held) : urnBoxMeets(parameter(url, 'BBOX'), 4258, parcel.outline);
    return xml(hit ? parcel.answer : EMPTY_WFS);
  }
  if (key === 'nw') {
    const outline: ParcelGeometry = { type: 'Polygon', coordinates: [square(NW_CENTRE)] };
    const hit = parameter(url, 'FILTER') !== undefined ? literalIn(parameter(url, 'FILTER'), DE_NW_REF) : urnBoxMeets(parameter(url, 'BBOX'), 25832, outline);
    return xml(hit ? nrwAnswer() : EMPTY_WFS);
  }
  return xml(EMPTY_WFS);
};

/** Every Land's service at the fake (`/de-<key>`), none left pointing at the real ones. */
const germanySources = (base: string) => ({
  ...Object.fromEntries(LANDER.filter((l) => l.service).map((l) => [landOption(l), `${base}/de-${l.key}`])),
  geocoderUrl: `${base}/nominatim`,
});

/** DE's fake for its golden tests (de.test.ts) and the fake Europe. */
export const fake: CountryFake = { routes: [germanyRoutes], sources: germanySources };
