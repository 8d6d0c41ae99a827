import { EE_FAKE_PARCEL } from '../../../core/countries/ee/test/fake.js';
import { LV_FAKE_PARCEL } from '../../../core/countries/lv/test/fake.js';
import { LT_FAKE_PARCEL } from '../../../core/countries/lt/test/fake.js';
import { SI_FAKE_PARCEL } from '../../../core/countries/si/test/fake.js';

export { boxMeets, geoServerCollection, parameter, square, type FakeGeoJsonParcel } from './geoserver-parcel.js';

/**
 * The fake parcels of the GeoJSON parcel services of EE, LV, LT and SI (GeoServer WFS 2.0 with
 * `outputFormat=application/json`), each played by its country's fake (core/countries/<cc>/test/fake.ts).
 * NO RECORDING OF ANY OF THESE SERVICES EXISTS: every answer is written by hand (geoserver-parcel.ts).
 */
export const GEOJSON_PARCELS = { EE: EE_FAKE_PARCEL, LV: LV_FAKE_PARCEL, LT: LT_FAKE_PARCEL, SI: SI_FAKE_PARCEL };
