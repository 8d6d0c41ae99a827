import type { LonLat } from '../../../model/index.js';
import { xml, type FakeRoute } from '../../../../test/fake-upstream/countries/fake-server.js';
import { parameter } from '../../../../test/fake-upstream/countries/geojson-countries.js';
import { handWrittenInspireParcel } from '../../../../test/fake-upstream/countries/hand-written-inspire.js';
import { addPlace } from '../../../../test/fake-upstream/countries/nominatim.js';
import { EMPTY_WFS, literalIn, urnBoxMeets } from '../../../../test/fake-upstream/countries/inspire-wfs-filter.js';
import type { CountryFake } from '../../../../test/helpers/country-golden.js';

/**
 * Maanmittauslaitos' INSPIRE CP WFS (`/fi-wfs`) as the fake plays it. NO FINNISH RECORDING EXISTS
 * (SOURCES.md 15; HAND-WRITTEN.md): one INSPIRE cp 4.0 parcel WRITTEN BY HAND
 * (hand-written-inspire.ts), a square in Helsinki written in EPSG:3067 easting first, found by a
 * FES filter naming its long-form kiinteistötunnus or by a URN box meeting it; every other answer
 * an empty FeatureCollection, and 400 for another feature type.
 */
// Finland (Helsinki, Senate Square): nationalCadastralReference written in the long form.
export const FI_REF = '91-410-3-44';
const FI_LONG_REF = '09141000030044';
/** A point inside the Finnish parcel (the Nominatim fake's Aleksanterinkatu 20 is there too). */
export const FI_POINT: LonLat = [24.9522, 60.1693];
const FI = handWrittenInspireParcel({ ref: FI_LONG_REF, namespace: 'FI.NLS.CP', epsg: 3067, centre: FI_POINT });

/** The open geocoder's Finnish place on that parcel (written by hand in Nominatim's jsonv2). */
export const FI_PLACE = addPlace('fi', {
  road: 'Aleksanterinkatu',
  houseNumber: '20',
  city: 'Helsinki',
  postcode: '00170',
  state: 'Uusimaa',
  country: 'Suomi',
  point: FI_POINT,
});

const finlandRoutes: FakeRoute = (url) => {
  if (url.pathname !== '/fi-wfs') return undefined;
  if (parameter(url, 'TYPENAMES') !== 'cp:CadastralParcel') return xml(EMPTY_WFS, 400);
  const filter = parameter(url, 'FILTER');
  const hit = filter !== undefined ? literalIn(filter, FI_LONG_REF) : urnBoxMeets(parameter(url, 'BBOX'), 3067, FI.outline);
  return xml(hit ? FI.answer : EMPTY_WFS);
};

/** FI's fake for its golden tests (fi.test.ts) and the fake Europe. */
export const fake: CountryFake = { routes: [finlandRoutes], sources: (base) => ({ cpWfsUrl: `${base}/fi-wfs`, geocoderUrl: `${base}/nominatim` }) };
