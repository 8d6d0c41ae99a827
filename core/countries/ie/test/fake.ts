import type { CountryFake } from '../../../../test/helpers/country-golden.js';
import { arcgisLayerRoute } from '../../../../test/fake-upstream/countries/arcgis-layer.js';
import { handParcel } from '../../../../test/fake-upstream/countries/hand-parcels.js';
import { addPlace } from '../../../../test/fake-upstream/countries/nominatim.js';

/** IE's fake parcel: a made-up freehold square at a real place of Dublin (no answer of Tailte Éireann's layers was recorded: HAND-WRITTEN.md). */
export const IE_PARCEL = handParcel('2577972', [-6.2603, 53.3498]);

/** The open geocoder's Irish place on that parcel, with its county (written by hand in Nominatim's jsonv2). */
addPlace('ie', {
  country: 'Éire / Ireland',
  point: IE_PARCEL.centre,
  road: 'Dame Street',
  houseNumber: '1',
  city: 'Dublin',
  county: 'County Dublin',
  postcode: 'D02 X285',
});

/** Tailte Éireann's freehold (12) and leasehold (13, empty) layers (ArcGIS REST `query`, `f=geojson`, numeric SP_ID) as the fake plays them, and the open geocoder. */
export const fake: CountryFake = {
  routes: [
    arcgisLayerRoute(
      { path: '/arcgis/ie/12', field: 'SP_ID', numeric: true, parcels: [IE_PARCEL] },
      { path: '/arcgis/ie/13', field: 'SP_ID', numeric: true, parcels: [] },
    ),
  ],
  sources: (base) => ({ freeholdLayerUrl: `${base}/arcgis/ie/12`, leaseholdLayerUrl: `${base}/arcgis/ie/13`, geocoderUrl: `${base}/nominatim` }),
};
