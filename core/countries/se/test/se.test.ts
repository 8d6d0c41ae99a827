import { describe, expect, it } from 'vitest';
import { inside } from '../../../../test/fake-upstream/countries/hand-parcels.js';
import { countryGoldenTests } from '../../../../test/helpers/country-golden.js';
import { useEuropeApi } from '../../../../test/helpers/europe-api.js';
import { forgetParcels } from '../../../../test/helpers/forget-parcels.js';
import { sweden } from '../country.js';
import { fake, SE_PARCEL } from './fake.js';
import { embeddedCopy } from '../../../../test/helpers/embedded-copy.js';

countryGoldenTests(sweden, fake);

/** SE against the fake Europe: Jordbruksverket's blocks layer answers a body written by hand (HAND-WRITTEN.md). */
const europe = useEuropeApi();
const { get, post, requests, candidates } = europe;

const forget = (code: string) => forgetParcels(embeddedCopy(europe.api.service), code);

describe('Sweden (Jordbruksverket agricultural blocks; no address search) — hand-written answers', () => {
  it('answers a block by id with ?country=SE, with its land use, and by coordinates through a SWEREF 99 TM box', async () => {
    const response = await get(`/api/catastro/${SE_PARCEL.ref}?country=SE`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ refCatastral: SE_PARCEL.ref, pais: 'SE', uso: 'Åker' });
    forget('SE');
    expect((await post('/api/search/coordinates', inside(SE_PARCEL))).json().data).toMatchObject({ refCat14: SE_PARCEL.ref, tipoInmueble: 'Åker' });
    const [x, y, , , crs] = requests('/se-wfs').at(-1)!.searchParams.get('bbox')!.split(',');
    expect(crs).toBe('EPSG:3006');
    expect(Number(x)).toBeGreaterThan(600_000);
    expect(Number(y)).toBeGreaterThan(6_600_000);
  });

  it('refuses address search with 422 CNV_COVERAGE (no parcels at urban addresses)', async () => {
    const response = await candidates('SE', 'Drottninggatan 1, Stockholm');
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatch(/urban addresses/);
  });
});
