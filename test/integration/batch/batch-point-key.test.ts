import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CZ_ADDRESS_POINT, CZ_REF } from '../../../core/countries/cz/test/fake.js';
import { rowQuery } from '../../../core/batch/row-query.js';
import { startEuropeApi, type EuropeApi } from '../../helpers/europe-api.js';

/**
 * A batch row by point answers the parcel of the country that found it (issue 39 item 2), as the
 * app's click does: the Czech parcel's reference 727024-542 is also a Slovak shape, so reading it
 * again by reference alone answered 300 CNV_AMBIGUOUS and the row failed.
 */
let api: EuropeApi;
beforeAll(async () => {
  api = await startEuropeApi();
});
afterAll(async () => {
  await api?.close();
});

describe('a batch row by point', () => {
  it('finds the Czech parcel at its point, keyed by its country', async () => {
    const [longitude, latitude] = CZ_ADDRESS_POINT;
    const parcel = await api.service.findParcel({ latitude, longitude });
    expect(parcel).toMatchObject({ refCatastral: CZ_REF, pais: 'CZ' });
  });

  it('a spreadsheet row of the point (decimal commas) finds it the same way', async () => {
    const [longitude, latitude] = CZ_ADDRESS_POINT;
    const row = { lat: String(latitude).replace('.', ','), lon: String(longitude).replace('.', ',') };
    const parcel = await api.service.findParcel(rowQuery(row, { latitude: 'lat', longitude: 'lon' }));
    expect(parcel).toMatchObject({ refCatastral: CZ_REF, pais: 'CZ' });
  });
});
