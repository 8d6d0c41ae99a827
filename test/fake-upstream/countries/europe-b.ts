import type { SourcesConfig } from '../../../core/countries/registry.js';
import { arcgisRoutes, arcgisSources, BG_PARCEL, CY_PARCEL, GR_PARCEL, IE_PARCEL } from './arcgis.js';
import type { FakeRoute } from './fake-server.js';
import { geoserverJsonRoutes, geoserverJsonSources } from './geoserver-json.js';
import { portugalRoutes, portugalSources } from '../../../core/countries/pt/test/fake.js';
import { swedenRoutes, swedenSources } from '../../../core/countries/se/test/fake.js';
import { addPlace } from './nominatim.js';
import { IS_PARCEL, LI_PARCEL, inspireSkLiIsUkRoutes, inspireSkLiIsUkSources } from './inspire-sk-li-is-uk.js';
import { slovakiaRoutes, slovakiaSources } from '../../../core/countries/sk/test/fake.js';
import { UK_PARCEL, ukRosWmsRoutes, ukRosWmsSources } from './uk-ros-wms.js';

/**
 * The services of SK, BG, GR, CY, LI, IS, PT, IE, UK, HR and SE as the fake Europe plays them
 * (SK's, PT's and SE's from their folders, core/countries/<cc>/test/fake.ts):
 * none was ever recorded, so every answer is written by hand in the source's documented format
 * (sk.ts, inspire-sk-li-is-uk.ts, uk-ros-wms.ts, arcgis.ts, geoserver-json.ts, and the open geocoder's places below in
 * nominatim.ts). Each
 * hand-written address lies inside its country's fake parcel, but those placed outside a partial
 * coverage (Lisbon, London).
 */
export const BG_ADDRESS = addPlace('bg', {
  country: 'България',
  point: BG_PARCEL.centre,
  road: 'бул. Витоша',
  houseNumber: '15',
  city: 'София',
  postcode: '1000',
});
export const GR_ADDRESS = addPlace('gr', { country: 'Ελλάς', point: GR_PARCEL.centre, road: 'Ερμού', houseNumber: '10', city: 'Αθήνα', postcode: '105 63' });
/** Cyprus: the open geocoder maps few house numbers (spec): this street is known without its numbers. */
export const CY_ADDRESS = addPlace('cy', { country: 'Κύπρος', point: CY_PARCEL.centre, road: 'Λεωφόρος Μακαρίου Γ΄', city: 'Λευκωσία', postcode: '1065' });
export const IE_ADDRESS = addPlace('ie', {
  country: 'Éire / Ireland',
  point: IE_PARCEL.centre,
  road: 'Dame Street',
  houseNumber: '1',
  city: 'Dublin',
  county: 'County Dublin',
  postcode: 'D02 X285',
});
export const LI_ADDRESS = addPlace('li', {
  country: 'Liechtenstein',
  point: LI_PARCEL.inside,
  road: 'Städtle',
  houseNumber: '10',
  city: 'Vaduz',
  postcode: '9490',
});
export const IS_ADDRESS = addPlace('is', {
  country: 'Ísland',
  point: IS_PARCEL.inside,
  road: 'Laugavegur',
  houseNumber: '1',
  city: 'Reykjavík',
  postcode: '101',
});
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

export const europeBRoutes: FakeRoute[] = [
  slovakiaRoutes,
  inspireSkLiIsUkRoutes,
  ukRosWmsRoutes,
  arcgisRoutes,
  geoserverJsonRoutes,
  portugalRoutes,
  swedenRoutes,
];

export function europeBSources(base: string): Partial<SourcesConfig> {
  const geocoderUrl = `${base}/nominatim`;
  const parcels: Record<string, Record<string, string>> = {
    sk: slovakiaSources(base),
    ...inspireSkLiIsUkSources(base),
    ...ukRosWmsSources(base),
    ...arcgisSources(base),
    ...geoserverJsonSources(base),
    pt: portugalSources(base),
    se: swedenSources(base),
  };
  return Object.fromEntries(Object.entries(parcels).map(([code, sources]) => [code, { ...sources, geocoderUrl }]));
}
