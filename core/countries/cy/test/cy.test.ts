import { describe, expect, it } from 'vitest';
import { countryGoldenTests } from '../../../../test/helpers/country-golden.js';
import { useEuropeApi } from '../../../../test/helpers/europe-api.js';
import { forgetParcels } from '../../../../test/helpers/forget-parcels.js';
import { inside } from '../../../../test/fake-upstream/countries/hand-parcels.js';
import { cyprus } from '../country.js';
import { CY_PARCEL, fake } from './fake.js';
import { embeddedCopy } from '../../../../test/helpers/embedded-copy.js';

countryGoldenTests(cyprus, fake);

describe('Cyprus (DLS ArcGIS layer; few house numbers mapped) — hand-written answers', () => {
  const europe = useEuropeApi();
  const { get, post, candidates } = europe;

  it('detects the DLS reference and answers by reference and by coordinates', async () => {
    const response = await get(`/api/catastro/${encodeURIComponent(CY_PARCEL.ref)}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ refCatastral: CY_PARCEL.ref, pais: 'CY', superficieParcela: 3280 });
    forgetParcels(embeddedCopy(europe.api.service), 'CY');
    expect((await post('/api/search/coordinates', inside(CY_PARCEL))).json().data.refCat14).toBe(CY_PARCEL.ref);
  });

  it('gives a low confianza when the geocoder knows only the street (no number mapped)', async () => {
    const response = await candidates('CY', 'Λεωφόρος Μακαρίου Γ΄ 20, Λευκωσία');
    expect(response.statusCode, response.body).toBe(200);
    const [best] = response.json().data.candidatos;
    expect(best).toMatchObject({ refCatastral: CY_PARCEL.ref, coincideNumero: false, coincideMunicipio: true });
    expect(best.confianza).toBeLessThan(0.75);
  });
});
