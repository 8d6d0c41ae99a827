import type { SourcesConfig } from '../../../core/countries/registry.js';
import { arcgisRoutes, arcgisSources } from './arcgis.js';
import type { FakeRoute } from './fake-server.js';
import { croatiaRoutes, croatiaSources } from '../../../core/countries/hr/test/fake.js';
import { portugalRoutes, portugalSources } from '../../../core/countries/pt/test/fake.js';
import { swedenRoutes, swedenSources } from '../../../core/countries/se/test/fake.js';
import { addPlace } from './nominatim.js';
import { slovakiaRoutes, slovakiaSources } from '../../../core/countries/sk/test/fake.js';
import { fake as is } from '../../../core/countries/is/test/fake.js';
import { fake as li } from '../../../core/countries/li/test/fake.js';
import { UK_PARCEL, ukRosWmsRoutes, ukRosWmsSources } from '../../../core/countries/uk/test/fake.js';
import { countryFakesTogether } from './country-fakes.js';

/**
 * The services of SK, BG, GR, CY, LI, IS, PT, IE, UK, HR and SE as the fake Europe plays them
 * (SK, PT, SE, BG, GR, CY, IE, LI, IS and HR from their folders, core/countries/<cc>/test/fake.ts):
 * none was ever recorded, so every answer is written by hand in the source's documented format
 * (those fakes, core/countries/uk/test/fake.ts, and the open geocoder's places below in
 * nominatim.ts). Each
 * hand-written address lies inside its country's fake parcel, but those placed outside a partial
 * coverage (London).
 */
export const UK_ADDRESS = addPlace('gb', {
  country: 'United Kingdom',
  point: UK_PARCEL.inside,
  road: 'High Street',
  houseNumber: '1',
  city: 'Edinburgh',
  postcode: 'EH1 1YZ',
});
export const LONDON_ADDRESS = addPlace('gb', {
  country: 'United Kingdom',
  point: [-0.1276, 51.5034],
  road: 'Downing Street',
  houseNumber: '10',
  city: 'London',
  postcode: 'SW1A 2AA',
});

const liIs = countryFakesTogether({ li, is });

export const europeBRoutes: FakeRoute[] = [slovakiaRoutes, liIs.routes, ukRosWmsRoutes, arcgisRoutes, croatiaRoutes, portugalRoutes, swedenRoutes];

export function europeBSources(base: string): Partial<SourcesConfig> {
  const geocoderUrl = `${base}/nominatim`;
  const parcels: Record<string, Record<string, string>> = {
    sk: slovakiaSources(base),
    ...liIs.sources(base),
    ...ukRosWmsSources(base),
    ...arcgisSources(base),
    hr: croatiaSources(base),
    pt: portugalSources(base),
    se: swedenSources(base),
  };
  return Object.fromEntries(Object.entries(parcels).map(([code, sources]) => [code, { ...sources, geocoderUrl }]));
}
