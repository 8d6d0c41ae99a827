import { fromWgs84, toWgs84 } from '../../../geo/crs.js';
import type { LonLat } from '../../../model/index.js';
import { json, xml, type FakeRoute } from '../../../../test/fake-upstream/countries/fake-server.js';
import { square } from '../../../../test/fake-upstream/countries/geojson-countries.js';
import type { CountryFake } from '../../../../test/helpers/country-golden.js';

/**
 * Norway's services as the fake plays them: Kartverket's eiendomskart WFS (`/no-teig`, `app:Teig`)
 * and address register API (`/no-adresser/sok`).
 *
 * NO RECORDING OF EITHER EXISTS (SOURCES.md 15): the answers are WRITTEN BY HAND in the
 * documented formats: a WFS 2.0 FeatureCollection of `app:Teig` (identifikasjon, lagretBeregnetAreal,
 * matrikkelenhet/Matrikkelenhet with kommunenummer, gardsnummer, bruksnummer, festenummer,
 * seksjonsnummer, område as a gml:Polygon in EPSG:25833) and the adresser API's
 * `{metadata, adresser: [...]}`. One made-up ~30 m teig in central Oslo, 0301-208/646, with one
 * address on it.
 */
export const NO_REF = '0301-208/646';
export const NO_POINT: LonLat = [10.7402, 59.9127];
export const NO_ADDRESS = { street: 'Karl Johans gate', number: 22, postcode: '0159', town: 'OSLO', municipality: 'OSLO' };

const RING = square(NO_POINT);
const EMPTY = `<?xml version="1.0" encoding="UTF-8"?>
<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:gml="http://www.opengis.net/gml/3.2" numberMatched="0" numberReturned="0" timeStamp="2026-11-24T09:00:00Z"/>
`;

function teigAnswer(): string {
  const posList = RING.map(([lon, lat]) =>
    fromWgs84(25833, lon, lat)
      .map((v) => v.toFixed(2))
      .join(' '),
  ).join(' ');
  return `<?xml version="1.0" encoding="UTF-8"?>
<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:app="http://skjema.geonorge.no/SOSI/produktspesifikasjon/MatrikkelenEiendomskartTeig/20191205" numberMatched="1" numberReturned="1" timeStamp="2026-11-24T09:00:00Z">
  <wfs:member>
    <app:Teig gml:id="teig.1000001">
      <app:identifikasjon><app:Identifikasjon><app:lokalId>1000001</app:lokalId><app:navnerom>http://data.geonorge.no/matrikkelen/Teig</app:navnerom></app:Identifikasjon></app:identifikasjon>
      <app:lagretBeregnetAreal>931.4</app:lagretBeregnetAreal>
      <app:matrikkelenhet>
        <app:Matrikkelenhet>
          <app:kommunenummer>0301</app:kommunenummer>
          <app:gardsnummer>208</app:gardsnummer>
          <app:bruksnummer>646</app:bruksnummer>
          <app:festenummer>0</app:festenummer>
          <app:seksjonsnummer>0</app:seksjonsnummer>
        </app:Matrikkelenhet>
      </app:matrikkelenhet>
      <app:område>
        <gml:Polygon gml:id="teig.1000001.omr" srsName="urn:ogc:def:crs:EPSG::25833">
          <gml:exterior><gml:LinearRing><gml:posList>${posList}</gml:posList></gml:LinearRing></gml:exterior>
        </gml:Polygon>
      </app:område>
    </app:Teig>
  </wfs:member>
</wfs:FeatureCollection>
`;
}

function adresserAnswer(found: boolean, query: string): string {
  const [lon, lat] = NO_POINT;
  const adresser = found
    ? [
        {
          adressenavn: NO_ADDRESS.street,
          adressetekst: `${NO_ADDRESS.street} ${NO_ADDRESS.number}`,
          adressetilleggsnavn: null,
          adressekode: 13400,
          nummer: NO_ADDRESS.number,
          bokstav: '',
          kommunenummer: '0301',
          kommunenavn: NO_ADDRESS.municipality,
          gardsnummer: 208,
          bruksnummer: 646,
          festenummer: 0,
          undernummer: null,
          bruksenhetsnummer: ['H0101'],
          objtype: 'Vegadresse',
          poststed: NO_ADDRESS.town,
          postnummer: NO_ADDRESS.postcode,
          adressetekstutenadressetilleggsnavn: `${NO_ADDRESS.street} ${NO_ADDRESS.number}`,
          stedfestingverifisert: true,
          representasjonspunkt: { epsg: 'EPSG:4258', lat, lon },
          oppdateringsdato: '2024-05-02T10:00:00',
        },
      ]
    : [];
  return JSON.stringify({
    metadata: {
      treffPerSide: 10,
      side: 0,
      totaltAntallTreff: adresser.length,
      viserFra: 0,
      viserTil: adresser.length,
      sokeStreng: query,
      asciiKompatibel: true,
    },
    adresser,
  });
}

const parameter = (url: URL, name: string) => {
  for (const [key, value] of url.searchParams) if (key.toLowerCase() === name.toLowerCase()) return value;
  return undefined;
};

const norwayRoutes: FakeRoute = (url) => {
  if (url.pathname === '/no-teig') {
    const [minX, minY, maxX, maxY, urn] = (parameter(url, 'BBOX') ?? '').split(',');
    if (parameter(url, 'TYPENAMES') !== 'app:Teig' || urn !== 'urn:ogc:def:crs:EPSG::25833') return xml(EMPTY);
    const [lon, lat] = toWgs84(25833, (Number(minX) + Number(maxX)) / 2, (Number(minY) + Number(maxY)) / 2);
    const lons = RING.map((p) => p[0]);
    const lats = RING.map((p) => p[1]);
    const inside = lon > Math.min(...lons) && lon < Math.max(...lons) && lat > Math.min(...lats) && lat < Math.max(...lats);
    return xml(inside ? teigAnswer() : EMPTY);
  }
  if (url.pathname === '/no-adresser/sok') {
    const sok = (url.searchParams.get('sok') ?? '').toLowerCase();
    const byProperty =
      url.searchParams.get('kommunenummer') === '0301' &&
      url.searchParams.get('gardsnummer') === '208' &&
      url.searchParams.get('bruksnummer') === '646' &&
      !url.searchParams.has('festenummer');
    return json(adresserAnswer(byProperty || sok.includes(NO_ADDRESS.street.toLowerCase()), url.search));
  }
  return undefined;
};

const norwaySources = (base: string) => ({ teigWfsUrl: `${base}/no-teig`, adresserUrl: `${base}/no-adresser` });

/** NO's fake for its golden tests (no.test.ts) and the fake Europe. */
export const fake: CountryFake = { routes: [norwayRoutes], sources: norwaySources };
