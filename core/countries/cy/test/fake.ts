import type { CountryFake } from '../../../../test/helpers/country-golden.js';
import { arcgisLayerRoute } from '../../../../test/fake-upstream/countries/arcgis-layer.js';
import { handParcel } from '../../../../test/fake-upstream/countries/hand-parcels.js';
import { addPlace } from '../../../../test/fake-upstream/countries/nominatim.js';

/** CY's fake parcel: a made-up square at a real place of Nicosia (no answer of DLS's layer was recorded: HAND-WRITTEN.md). */
export const CY_PARCEL = handParcel('1-21/43-0-123', [33.3823, 35.1856]);

/** Cyprus: the open geocoder maps few house numbers (spec): this street is known without its numbers. */
addPlace('cy', { country: 'Κύπρος', point: CY_PARCEL.centre, road: 'Λεωφόρος Μακαρίου Γ΄', city: 'Λευκωσία', postcode: '1065' });

/** DLS's INSPIRE CP layer 1 (ArcGIS REST `query`, `f=geojson`) as the fake plays it, and the open geocoder. */
export const fake: CountryFake = {
  routes: [arcgisLayerRoute({ path: '/arcgis/cy/1', field: 'nationalCadastralRef', parcels: [CY_PARCEL], extra: { areaValue: 3280 } })],
  sources: (base) => ({ cpLayerUrl: `${base}/arcgis/cy/1`, geocoderUrl: `${base}/nominatim` }),
};
